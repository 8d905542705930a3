// useProductAction runs an admin's product change (create, update, delete): on success it
// refreshes every product list, shows the given toast and returns to the product list (a
// product's own page is not asked again: a deleted or renamed product's would answer 404,
// it is fetched anew when next opened); on
// failure the server's message, else the generic text (from the query cache). The answer is
// awaited before any toast. A 409 of the product's fields (the product changed since the form
// was loaded) runs onConflict instead, when given, and says so; a 409 of its variants (a SKU
// in use, see saveProduct.js) is an error like any other.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../../api/products';
import { ADMIN_PRODUCTS } from '../../paths';
import { GENERIC_ERROR, PRODUCT_CHANGED } from './texts';

const CONFLICT = Symbol('product changed meanwhile');

export default function useProductAction() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ call, onConflict }) => {
      try {
        return await call();
      } catch (error) {
        if (!onConflict || error.status !== 409 || error.ofVariants) throw error;
        await onConflict();
        return CONFLICT;
      }
    },
    meta: { errorText: GENERIC_ERROR },
    onSuccess: async (answer, { successText }) => {
      if (answer === CONFLICT) {
        toast.error(PRODUCT_CHANGED);
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCT_KEY, refetchType: 'none' }),
      ]);
      toast.success(successText);
      navigate(ADMIN_PRODUCTS);
    },
  });
  return (call, successText, onConflict) =>
    mutation.mutateAsync({ call, successText, onConflict }).catch(() => {});
}
