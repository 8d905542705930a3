// useSubmit(call) wraps an account form's call: it shows the server's message on success and
// failure (fallback Something went wrong) and runs onSuccess(answer) after a success.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../api/client';
import { SOMETHING_WENT_WRONG } from '../texts';

export default function useSubmit(call, onSuccess) {
  const [busy, setBusy] = useState(false);
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await call();
      if (answer?.success) {
        toast.success(answer.message || 'Done');
        onSuccess(answer);
      } else {
        toast.error(answer?.message || SOMETHING_WENT_WRONG);
      }
    } catch (error) {
      toast.error(errorMessage(error, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  };
  return [submit, busy];
}
