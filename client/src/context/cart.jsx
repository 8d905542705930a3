// Cart state: useCart() returns [cart, setCart], cart = a list of whole products (duplicates
// allowed). Loaded once from the `cart` entry at startup; setCart saves it. Another tab's save
// is taken up as it happens (the `storage` event), so a tab never writes its older cart over
// lines added in another, nor shows a cart another tab has paid for and emptied. The stored
// entry is the browser's, which anything may have written: only products are taken from it.
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { CART_KEY, readJSON } from '../storage-keys';
import useOtherTabs from '../hooks/useOtherTabs';

const CartContext = createContext([[], () => {}]);

// The texts of a cart line that the cart shows (or links by), so must be text.
const TEXT_FIELDS = ['name', 'slug', 'description'];

/**
 * storedProduct is a stored cart entry as the cart can show it: an object with a string _id,
 * its texts (when there) made text; or null for anything else (null, a number, an array).
 */
function storedProduct(entry) {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry) || typeof entry._id !== 'string') return null;
  const odd = TEXT_FIELDS.filter((field) => entry[field] !== undefined && typeof entry[field] !== 'string');
  return odd.length ? { ...entry, ...Object.fromEntries(odd.map((field) => [field, ''])) } : entry;
}

function loadCart() {
  const stored = readJSON(CART_KEY, []);
  return Array.isArray(stored) ? stored.map(storedProduct).filter(Boolean) : [];
}

export function CartProvider({ children }) {
  const [cart, setState] = useState(loadCart);
  const current = useRef(cart);
  current.current = cart;

  const setCart = useCallback((next) => {
    const value = typeof next === 'function' ? next(current.current) : next;
    current.current = value;
    localStorage.setItem(CART_KEY, JSON.stringify(value));
    setState(value);
  }, []);

  useOtherTabs(CART_KEY, useCallback(() => {
    const value = loadCart();
    current.current = value;
    setState(value);
  }, []));

  return <CartContext.Provider value={[cart, setCart]}>{children}</CartContext.Provider>;
}

export const useCart = () => useContext(CartContext);
