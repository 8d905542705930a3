// A cart line as the shop sells it today.
import { cartItem, hasOptions } from '../variants/variants';

/** Why a line can no longer be bought: its product is gone, or its size or colour is. */
export const GONE = 'product';
export const CHOICE_GONE = 'choice';

/**
 * currentLine is cart line `line` brought up to date with `product`, the product as the shop
 * sells it now: its name, description and price, and for a line of a size or colour that
 * variant's price. It is the line itself when nothing changed or `product` is not known yet
 * (undefined), and null when the line can no longer be bought as it is: the product is gone
 * (null), or the size or colour chosen is (or the product is now sold by size, or no longer).
 */
export function currentLine(line, product) {
  if (product === undefined) return line;
  if (product === null) return null;
  const chosen = line.variant?._id;
  let next = product;
  if (hasOptions(product)) {
    const variant = chosen && product.variants?.find((v) => v._id === chosen);
    if (!variant) return null;
    next = cartItem(product, variant);
  } else if (chosen) {
    return null;
  }
  return JSON.stringify(next) === JSON.stringify(line) ? line : next;
}

/**
 * shownAlike tells whether two forms of a cart line show the shopper the same thing where it
 * counts for paying: the same name, price and size or colour. Stock and the rest may differ:
 * another shopper's sale changes a product's stock without changing what this one pays.
 */
export const shownAlike = (a, b) =>
  a.name === b.name && a.price === b.price && (a.variant?._id ?? null) === (b.variant?._id ?? null);

const sameItem = (a, b) => a._id === b._id && (a.variant?._id ?? null) === (b.variant?._id ?? null);

/**
 * withoutPaid is `cart` less one line for each line of `paid` (the same product, size and
 * colour): what stays in a cart once those lines are bought. Lines added since Pay was pressed
 * (another tab, or a page visited while paying) stay, wherever they are.
 */
export function withoutPaid(cart, paid) {
  const left = [...cart];
  paid.forEach((line) => {
    const at = left.findIndex((item) => sameItem(item, line));
    if (at >= 0) left.splice(at, 1);
  });
  return left;
}
