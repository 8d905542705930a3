// useProductAction runs an admin's product change (create, update, delete): on success it shows
// the given toast and returns to the product list; on failure the server's message, else the
// generic text. The answer is awaited before any toast (DESIGN §6). A 409 (the product changed
// since the form was loaded) runs onConflict instead, when given.
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { ADMIN_PRODUCTS } from '../../paths';
import { GENERIC_ERROR } from './texts';

export default function useProductAction() {
  const navigate = useNavigate();
  return async (call, successText, onConflict) => {
    try {
      await call();
      toast.success(successText);
      navigate(ADMIN_PRODUCTS);
    } catch (error) {
      if (onConflict && error?.response?.status === 409) await onConflict();
      else toast.error(errorMessage(error, GENERIC_ERROR));
    }
  };
}
