// useAddToCart returns add(product): append it to the cart (saved), toast Item Added to cart
// and open /cart. A product sold by size or colour is added only with its variant chosen
// (see components/variants); without one, add opens its page to ask for the choice.
// Each button that adds has its own add. The page stays on screen until the cart's code has
// arrived, a while on a slow phone: a second tap of the same button meanwhile is ignored, so
// an item is not added twice. The button adds again once the shopper is somewhere else.
import { useCallback, useRef } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCart } from '../context/cart';
import { CART, productPath } from '../paths';
import { hasOptions } from '../components/variants/variants';
import { ITEM_ADDED } from '../texts';

export default function useAddToCart() {
  const [, setCart] = useCart();
  const navigate = useNavigate();
  // The location (its history entry) where this button last added, and where it is now: read
  // when it adds, so add stays one function however the address changes (a grid's Load more).
  const addedAt = useRef(null);
  const location = useRef(null);
  location.current = useLocation().key;
  return useCallback(
    (product) => {
      if (hasOptions(product) && !product.variant) {
        navigate(productPath(product.slug), { state: { choose: true } });
        return;
      }
      if (addedAt.current === location.current) return;
      addedAt.current = location.current;
      setCart((cart) => [...cart, product]);
      toast.success(ITEM_ADDED);
      navigate(CART);
    },
    [setCart, navigate],
  );
}
