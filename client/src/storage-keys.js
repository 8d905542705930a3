// The browser storage keys, in one place.
export const AUTH_KEY = 'auth';
export const CART_KEY = 'cart';

/** readJSON returns the parsed value stored under key, or fallback when absent or broken. */
export function readJSON(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}
