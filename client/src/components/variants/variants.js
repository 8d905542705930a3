// What a product sold by size and colour offers: which choices are still open, which variant
// a choice names, its price, and the cart item it becomes. A product without options has no
// variants and passes through all of this unchanged.

/** hasOptions tells whether a shopper must choose (a size, a colour) before buying. */
export const hasOptions = (product) => (product?.options?.length ?? 0) > 0;

/**
 * isSoldOut tells whether nothing of a product can be bought: no variant with stock for a
 * product sold by size or colour, no stock for a plain one. A product whose answer says nothing
 * about its stock (no quantity, no variants) counts as in stock: the server decides at checkout.
 */
export function isSoldOut(product) {
  if (hasOptions(product) && Array.isArray(product.variants)) return !product.variants.some((v) => v.quantity > 0);
  return typeof product?.quantity === 'number' && product.quantity <= 0;
}

/**
 * unitsLeft is how many units of a cart item the shop has: its variant's stock, or the plain
 * product's; undefined when the item does not say.
 */
export function unitsLeft(item) {
  const units = item.variant?._id ? item.variants?.find((v) => v._id === item.variant._id)?.quantity : item.quantity;
  return typeof units === 'number' ? Math.max(units, 0) : undefined;
}

/**
 * chosenValue is the value chosen for option `name`, or undefined: only the choice's own keys
 * count, so an option named like a part of every object (toString) is never taken as chosen.
 */
export const chosenValue = (choice, name) => (Object.hasOwn(choice, name) ? choice[name] : undefined);

const matches = (variant, choice) =>
  Object.entries(choice).every(([name, value]) => value === undefined || variant.options?.[name] === value);

/** findVariant is the variant of a complete choice ({Size: 'M', Colour: 'Navy'}), or undefined. */
export function findVariant(product, choice) {
  if (!hasOptions(product) || product.options.some((o) => !chosenValue(choice, o.name))) return undefined;
  return product.variants?.find((v) => matches(v, choice));
}

/**
 * canChoose tells whether `value` of option `name` can still be bought with the other choices
 * made: some variant with it (and with them) has stock. Sold-out and unsold combinations
 * cannot be chosen.
 */
export function canChoose(product, choice, name, value) {
  const wanted = { ...choice, [name]: value };
  return (product.variants ?? []).some((v) => v.quantity > 0 && matches(v, wanted));
}

/**
 * choose makes `value` the choice of option `name`; another choice that cannot be bought
 * with it any more is dropped, so the shopper picks it again.
 */
export function choose(product, choice, name, value) {
  const next = { ...choice, [name]: value };
  for (const other of product.options) {
    const value = chosenValue(next, other.name);
    if (other.name !== name && value && !canChoose(product, next, other.name, value)) {
      delete next[other.name];
    }
  }
  return next;
}

/** missingOptions names the options not chosen yet, in the product's order. */
export const missingOptions = (product, choice) =>
  (product.options ?? []).filter((o) => !chosenValue(choice, o.name)).map((o) => o.name);

/** priceOf is what the variant costs: its own price when it sets one, else the product's. */
export const priceOf = (product, variant) => variant?.price ?? product.price;

/**
 * cartItem is what goes into the cart: the whole product, priced as the chosen variant, with
 * that variant (id, SKU and its size and colour) inside.
 */
export function cartItem(product, variant) {
  if (!variant) return product;
  const { _id, sku, options } = variant;
  return { ...product, price: priceOf(product, variant), variant: { _id, sku, options } };
}

/** checkoutLine is a cart item as checkout sends it: naming its variant by variantId. */
export const checkoutLine = (item) => (item.variant?._id ? { ...item, variantId: item.variant._id } : item);

/**
 * variantChoices lists the options of a variant as [name, value] pairs, in the order of the
 * product's options (`names`) where they are known; elsewhere (an order's snapshot keeps only
 * the variant) Size comes first, then the others as given. Empty without options.
 */
export function variantChoices(options, names = []) {
  const rank = (name) => {
    const at = names.indexOf(name);
    if (at >= 0) return at;
    return name === 'Size' ? -1 : names.length;
  };
  // sort is stable: options of the same rank keep the order they were given in.
  return Object.entries(options ?? {}).sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * shownPrice is the price a product page shows for a choice: the variant's once the choice is
 * complete; before that the lowest of the variants the choice leaves open, the price its card
 * shows (never the product's own price when no size sells at it).
 */
export function shownPrice(product, choice) {
  const variant = findVariant(product, choice);
  if (variant || !hasOptions(product)) return priceOf(product, variant);
  const open = (product.variants ?? []).filter((v) => matches(v, choice)).map((v) => priceOf(product, v));
  return open.length ? Math.min(...open) : product.price;
}
