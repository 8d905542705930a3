// Cart state: useCart() returns [cart, setCart], cart = a list of whole products (duplicates
// allowed). Loaded once from the `cart` entry at startup; setCart saves it. Another tab's save
// is taken up as it happens (the `storage` event), so a tab never writes its older cart over
// lines added in another, nor shows a cart another tab has paid for and emptied.
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { CART_KEY, readJSON } from '../storage-keys';
import useOtherTabs from '../hooks/useOtherTabs';

const CartContext = createContext([[], () => {}]);

function loadCart() {
  const stored = readJSON(CART_KEY, []);
  return Array.isArray(stored) ? stored : [];
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
