// useAddToCart returns add(product): append it to the cart (saved), toast Item Added to cart
// and open /cart.
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { useCart } from '../context/cart';
import { CART } from '../paths';
import { ITEM_ADDED } from '../texts';

export default function useAddToCart() {
  const [, setCart] = useCart();
  const navigate = useNavigate();
  return useCallback(
    (product) => {
      setCart((cart) => [...cart, product]);
      toast.success(ITEM_ADDED);
      navigate(CART);
    },
    [setCart, navigate],
  );
}
