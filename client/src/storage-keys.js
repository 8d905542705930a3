// The browser storage keys, in one place.
export const AUTH_KEY = 'auth';
export const CART_KEY = 'cart';
/** The Idempotency-Key of the checkout under way (api/payment.js), kept across reloads. */
export const CHECKOUT_KEY = 'checkout';

/** readJSON returns the parsed value stored under key, or fallback when absent or broken. */
export function readJSON(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}
