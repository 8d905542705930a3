// The shop's fixed texts used in more than one place (toasts, headings, labels), kept exactly.
export const BRAND = 'Clothing Shop';
export const AUTHOR = 'Sanjay';
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const ITEM_ADDED = 'Item Added to cart';
export const LOGOUT_SUCCESS = 'LOG-OUT SUCCESSFULLY';
export const PAYMENT_DONE = 'Payment Completed Successfully';
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
