// The browser storage keys, in one place.
export const AUTH_KEY = 'auth';
export const CART_KEY = 'cart';
/**
 * The Idempotency-Key of the checkout under way (api/payment.js), kept in localStorage beside
 * the cart it pays for, so that every tab pays a cart under one key. Ours, beside SPEC's two;
 * nothing of it is shown.
 */
export const CHECKOUT_KEY = 'checkout';

/**
 * readJSON returns the parsed value stored under key (in localStorage, or the given storage),
 * or fallback when absent or broken.
 */
export function readJSON(key, fallback, storage = localStorage) {
  try {
    const raw = storage.getItem(key);
    return raw == null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

/**
 * forgetCheckoutKey ends the checkout paid under `key` (any, when not given): the next cart gets
 * a new key. Here rather than in api/payment.js, so signing out (context/auth.jsx) needs none of
 * the payment's code in the first download.
 */
export function forgetCheckoutKey(key) {
  if (key === undefined || readJSON(CHECKOUT_KEY, null)?.key === key) localStorage.removeItem(CHECKOUT_KEY);
}
