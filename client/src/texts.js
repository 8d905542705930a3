// The shop's fixed texts used in more than one place (toasts, headings, labels), kept exactly.
export const BRAND = 'Clothing Shop';
export const AUTHOR = 'Sanjay';
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const ITEM_ADDED = 'Item Added to cart';
export const LOGOUT_SUCCESS = 'LOG-OUT SUCCESSFULLY';
export const PAYMENT_DONE = 'Payment Completed Successfully';
/** Said beside the total when Pay found today's prices or names differ from the cart's (nothing was charged). */
export const CART_REPRICED = 'Prices in your cart changed; please check the total.';
/** Beside Pay when some lines hold more than the shop has (the lines say which). */
export const CART_SHORT = 'Some items are sold out or short of stock: see the marked lines.';
export const CART_BLOCKED = 'Remove the items no longer sold to pay.';
export const BAD_CARD_DETAILS = 'Please fill in the correct details';
export const LOGIN_TO_CHECKOUT = 'Please Login to Checkout';
export const ERROR_LOADING_PRODUCTS = 'Error loading products';
export const ADD_TO_CART = 'Add to Cart';
export const MORE_DETAILS = 'More Details';
export const LOAD_MORE = 'Load more';
export const EXPLORE = 'Explore';
export const NO_PRODUCTS = 'No Products Found';

/** foundText is the search result count line. */
export const foundText = (n) => `Found ${n} product(s)`;

/** preview cuts a description to n characters (see the previews in rules.js). */
export const preview = (text, n) => (text ?? '').substring(0, n);

/** chooseText asks for the options not chosen yet: "Choose a size", "Choose a size and colour". */
export function chooseText(names) {
  const lower = names.map((n) => n.toLowerCase());
  const what = lower.length > 1 ? `${lower.slice(0, -1).join(', ')} and ${lower.at(-1)}` : lower[0];
  return `Choose a ${what}`;
}

/** onlyLeftText warns that a chosen variant is nearly sold out. */
export const onlyLeftText = (n) => `Only ${n} left`;
export const SOLD_OUT = 'Sold out';
/** cartShortText says a cart holds more of an item (`count`) than the shop has (`left`). */
export const cartShortText = (left, count) =>
  left === 0 ? 'Sold out: remove it to check out.' : `Only ${left} left: your cart has ${count}.`;
