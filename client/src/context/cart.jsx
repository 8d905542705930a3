// Cart state: useCart() returns [cart, setCart], cart = a list of whole products (duplicates
// allowed). Loaded once from the `cart` entry at startup; setCart saves it.
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { CART_KEY, readJSON } from '../storage-keys';

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

  return <CartContext.Provider value={[cart, setCart]}>{children}</CartContext.Provider>;
}

export const useCart = () => useContext(CartContext);
