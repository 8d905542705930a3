// useCurrentCart returns the cart as the shop sells it now: [{line, unavailable, short, sold}] in the
// cart's order, each line with its product's current name and price (see currentLine), marked
// unavailable (GONE: the product; CHOICE_GONE: the size or colour chosen, with `sold` the
// product as sold now) when the shop no longer sells it, and with short = {left, count} when the cart
// holds more of its product (and size) than the shop has: checkout would refuse it. The stored cart is brought up to date too, so
// the total the cart shows is what checkout will charge. Until the products are known
// (or when they cannot be loaded) the lines are the stored ones: the cart stays usable.
import { useEffect, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useCart } from '../../context/cart';
import { currentProductKey, currentProductQuery, getCurrentProduct } from '../../api/cart';
import { CHOICE_GONE, GONE, currentLine } from './currentLine';
import { unitsLeft } from '../variants/variants';

const dataOf = (results) => results.map((result) => result.data);

const itemOf = (line) => `${line._id}|${line.variant?._id ?? ''}`;

/** shortOf marks the lines whose item the cart holds more of than the shop has, as it answered just now. */
function shortOf(lines) {
  const counts = new Map();
  lines.forEach(({ line }) => counts.set(itemOf(line), (counts.get(itemOf(line)) ?? 0) + 1));
  return lines.map(({ known, ...entry }) => {
    const left = known ? unitsLeft(entry.line) : undefined;
    const count = counts.get(itemOf(entry.line));
    return left !== undefined && count > left ? { ...entry, short: { left, count } } : entry;
  });
}

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
      lines: shortOf(cart.map((line) => {
        const current = currentLine(line, of(line));
        if (current === null) {
          // A size or colour gone: the product as sold now, to choose again (renamed, perhaps).
          return of(line) === null ? { line, unavailable: GONE } : { line, unavailable: CHOICE_GONE, sold: of(line) };
        }
        return { line: current, unavailable: false, known: of(line) !== undefined };
      })),
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
 * failure rejects) and answers `current`, the cart brought up to date line by line
 * (currentLine: the line itself when unchanged, null when no longer sold), and `upToDate`,
 * which brings any line of those products up to date (one of another product stays as it
 * is): for the cart as it is by then, which another tab may have added to meanwhile. The
 * answers go to the cart's queries too, so the page shows them.
 */
export async function fetchCurrentCart(queryClient, cart) {
  const ids = [...new Set(cart.map((line) => line._id))];
  const found = await Promise.all(ids.map(getCurrentProduct));
  const byId = new Map(ids.map((id, i) => [id, found[i]]));
  ids.forEach((id, i) => queryClient.setQueryData(currentProductKey({ _id: id }), found[i]));
  const upToDate = (line) => currentLine(line, byId.get(line._id));
  return { current: cart.map(upToDate), upToDate };
}
