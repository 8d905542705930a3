// useSubmit(call, onSuccess) wraps an account form's call: it shows the server's message on
// success (failures show it too, else Something went wrong, from the query cache) and runs
// onSuccess(answer) after a success. It returns [submit, busy] for the form.
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { SOMETHING_WENT_WRONG } from '../texts';

export default function useSubmit(call, onSuccess) {
  const mutation = useMutation({
    mutationFn: call,
    meta: { errorText: SOMETHING_WENT_WRONG },
    onSuccess: (answer) => {
      toast.success(answer?.message || 'Done');
      onSuccess(answer);
    },
  });
  const submit = (event) => {
    event.preventDefault();
    mutation.mutate();
  };
  return [submit, mutation.isPending];
}
