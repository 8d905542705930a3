// The shop's fixed texts (toasts, headings, labels), kept exactly as SPEC.md words them (its
// spelling too), so they are checked against SPEC in this one place. Texts of our own, which
// SPEC does not have, say so.
export const BRAND = 'Clothing Shop';
export const AUTHOR = 'Sanjay';
export const LOADING_TEXT = 'please wait...';

// SPEC §8, failures: the server's message when the answer carries one, else these.
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const CATEGORY_CREATE_ERROR = 'Something went wrong in input form';
export const CATEGORY_LIST_ERROR = 'Something went wrong in getting category';
export const ADMIN_PRODUCT_LIST_ERROR = 'Something Went Wrong';
export const ORDERS_FETCH_ERROR = 'Something went wrong while fetching orders';
export const ORDER_STATUS_ERROR = 'Something went wrong while updating order status';

// SPEC §8, success toasts.
export const categoryCreatedText = (name) => `${name} is created`;
export const categoryUpdatedText = (name) => `${name} is updated`;
export const CATEGORY_DELETED = 'Category is deleted';
export const PRODUCT_CREATED = 'Product created successfully';
export const PRODUCT_UPDATED = 'Product Updated Successfully';
export const PRODUCT_DELETED = 'Product DEleted Succfully';
export const ITEM_ADDED = 'Item Added to cart';
export const PAYMENT_DONE = 'Payment Completed Successfully';
export const PROFILE_UPDATED = 'Profile Updated Successfully';
export const LOGOUT_SUCCESS = 'LOG-OUT SUCCESSFULLY';

/** The prompt before a product is deleted (SPEC: "asks via a prompt"; an empty answer cancels). */
export const DELETE_PRODUCT_PROMPT = 'Are You Sure want to delete this product ? ';

// Screens.
/**
 * Ours: said beside the total when Pay found today's prices or names differ from the cart's
 * (nothing was charged).
 */
export const CART_REPRICED = 'Prices in your cart changed; please check the total.';
/** Ours: beside Pay when some lines hold more than the shop has (the lines say which). */
export const CART_SHORT = 'Some items are sold out or short of stock: see the marked lines.';
/** Ours. */
export const CART_BLOCKED = 'Remove the items no longer sold to pay.';
/** Ours: beside Pay when the cart holds more lines than one payment takes. */
export const cartTooLongText = (lines, max) =>
  `One payment takes at most ${max} items: remove ${lines - max} to pay, and buy them in another order.`;
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
/** Ours: under the count when a search came back with as many products as the server sends. */
export const firstMatchesText = (n) => `Showing the first ${n} matches.`;

/**
 * preview cuts a description to n characters (see the previews in rules.js), whole ones: an
 * emoji is two UTF-16 units, and a cut between them showed "�". The server's first screen cuts
 * the same way (by runes). A text of one-unit characters is cut exactly as substring would.
 */
export const preview = (text, n) => Array.from(typeof text === 'string' ? text : '').slice(0, n).join('');

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

// Ours: a page or a list still on its way, or whose code could not be downloaded (the error
// screen, the filtered lists, the header's menus).
export const PAGE_NOT_LOADED = 'This page could not be loaded. Check your connection and try again.';
export const TRY_AGAIN = 'Try again';
/** Ours: a filtered list's count while the cards shown are still the previous filters' answer. */
export const UPDATING = 'Updating…';
/** Ours: a menu whose entries are on their way (the header's Categories). */
export const LOADING = 'Loading…';
