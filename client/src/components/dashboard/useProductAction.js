// useProductAction runs an admin's product change (create, update, delete): on success it
// refreshes every product list, shows the given toast and returns to the product list; on
// failure the server's message, else the generic text (from the query cache). The answer is
// awaited before any toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../../api/products';
import { ADMIN_PRODUCTS } from '../../paths';
import { GENERIC_ERROR } from './texts';

export default function useProductAction() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ call }) => call(),
    meta: { errorText: GENERIC_ERROR },
    onSuccess: async (_answer, { successText }) => {
      await Promise.all([PRODUCTS_KEY, PRODUCT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      toast.success(successText);
      navigate(ADMIN_PRODUCTS);
    },
  });
  return (call, successText) => mutation.mutateAsync({ call, successText }).catch(() => {});
}
