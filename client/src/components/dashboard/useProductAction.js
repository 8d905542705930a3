// useProductAction runs an admin's product change (create, update, delete): on success it
// refreshes every product list, shows the given toast and goes to `listPage`, a page of the
// product list (by default its first, where a new product shows). A product's own page is
// not asked again: a deleted or renamed product's would answer 404, it is fetched anew when
// next opened. On failure the server's message, else the generic text (from the query
// cache), and the form keeps what was typed; the product lists are read again all the same
// when next shown, and so is what `reread` names (query keys) at once: a change whose answer
// was lost may have been made. The answer is awaited before any toast. A failure the call
// explains on its screen (explainedOnScreen) is not toasted as well.
//
// One change runs at a time: while one is under way another is not sent (a double click sends
// one request), and `running` is the success text of the change under way (empty when none),
// for its button to show it is busy and the others to wait.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../../api/products';
import { ADMIN_PRODUCTS } from '../../paths';
import { SOMETHING_WENT_WRONG } from '../../texts';
import useOneAtATime from '../../hooks/useOneAtATime';

export default function useProductAction(listPage = ADMIN_PRODUCTS) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const once = useOneAtATime();
  const mutation = useMutation({
    mutationFn: ({ call }) => call(),
    meta: { errorText: SOMETHING_WENT_WRONG, rereadOnError: ({ reread = [] }) => [PRODUCTS_KEY, ...reread] },
    onSuccess: async (_answer, { successText }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCT_KEY, refetchType: 'none' }),
      ]);
      toast.success(successText);
      navigate(listPage);
    },
  });
  const act = (call, successText, reread) => once(() => mutation.mutateAsync({ call, successText, reread }));
  return [act, mutation.isPending ? mutation.variables.successText : ''];
}
