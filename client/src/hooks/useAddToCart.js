// useAddToCart returns add(product): append it to the cart (saved), toast Item Added to cart
// and open /cart. A product sold by size or colour is added only with its variant chosen
// (see components/variants); without one, add opens its page to ask for the choice.
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { useCart } from '../context/cart';
import { CART, productPath } from '../paths';
import { hasOptions } from '../components/variants/variants';
import { ITEM_ADDED } from '../texts';

export default function useAddToCart() {
  const [, setCart] = useCart();
  const navigate = useNavigate();
  return useCallback(
    (product) => {
      if (hasOptions(product) && !product.variant) {
        navigate(productPath(product.slug), { state: { choose: true } });
        return;
      }
      setCart((cart) => [...cart, product]);
      toast.success(ITEM_ADDED);
      navigate(CART);
    },
    [setCart, navigate],
  );
}
