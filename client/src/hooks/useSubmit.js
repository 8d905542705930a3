// useSubmit(call, onSuccess) wraps an account form's call: it shows the server's message on
// success (failures show it too, else Something went wrong, from the query cache) and runs
// onSuccess(answer) after a success. It returns [submit, busy, button] for the form: `button`
// is the ref of its submit button, which is disabled while busy and gets the keyboard's focus
// back after a failure (useFocusBack).
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { SOMETHING_WENT_WRONG } from '../texts';
import useFocusBack from './useFocusBack';

export default function useSubmit(call, onSuccess) {
  const mutation = useMutation({
    mutationFn: call,
    meta: { errorText: SOMETHING_WENT_WRONG },
    onSuccess: (answer) => {
      toast.success(answer?.message || 'Done');
      onSuccess(answer);
    },
  });
  const button = useFocusBack(mutation.isError);
  const submit = (event) => {
    event.preventDefault();
    mutation.mutate();
  };
  return [submit, mutation.isPending, button];
}
