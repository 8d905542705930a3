// useCurrentCart returns the cart as the shop sells it now: [{line, unavailable}] in the cart's
// order, each line with its product's current name and price (see currentLine), or marked
// unavailable when the shop no longer sells it. The stored cart is brought up to date too, so
// the total and the amount on Pay are what checkout will charge. Until the products are known
// (or when they cannot be loaded) the lines are the stored ones: the cart stays usable.
import { useEffect, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useCart } from '../../context/cart';
import { currentProductKey, currentProductQuery, getCurrentProduct } from '../../api/cart';
import { currentLine } from './currentLine';

const dataOf = (results) => results.map((result) => result.data);

export default function useCurrentCart() {
  const [cart, setCart] = useCart();
  const distinct = useMemo(() => [...new Map(cart.map((line) => [line._id, line])).values()], [cart]);
  const found = useQueries({
    queries: distinct.map((line) => currentProductQuery(line)),
    combine: dataOf,
  });

  const { lines, productOf } = useMemo(() => {
    const byId = new Map(distinct.map((line, i) => [line._id, found[i]]));
    const of = (line) => byId.get(line._id);
    return {
      productOf: of,
      lines: cart.map((line) => {
        const current = currentLine(line, of(line));
        return current === null ? { line, unavailable: true } : { line: current, unavailable: false };
      }),
    };
  }, [cart, distinct, found]);

  const changed = lines.some(({ line }, i) => line !== cart[i]);
  useEffect(() => {
    if (changed) setCart((items) => items.map((line) => currentLine(line, productOf(line)) ?? line));
  }, [changed, productOf, setCart]);

  return lines;
}

/**
 * fetchCurrentCart asks the shop again for every product of `cart` (at once, even offline: a
 * failure rejects) and answers the cart brought up to date line by line (currentLine: the line
 * itself when unchanged, null when no longer sold). The answers go to the cart's queries too,
 * so the page shows them.
 */
export async function fetchCurrentCart(queryClient, cart) {
  const ids = [...new Set(cart.map((line) => line._id))];
  const found = await Promise.all(ids.map(getCurrentProduct));
  const byId = new Map(ids.map((id, i) => [id, found[i]]));
  ids.forEach((id, i) => queryClient.setQueryData(currentProductKey({ _id: id }), found[i]));
  return cart.map((line) => currentLine(line, byId.get(line._id)));
}
