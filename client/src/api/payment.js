// Checkout. A payment carries an Idempotency-Key made once per checkout: every retry of the
// same cart by the same shopper (a lost answer, a second click, a failure and Pay again, a
// reload of the page, the shop opened again in another tab after any of them) sends the same
// key, so the server answers the first order instead of charging twice. The key is kept in
// localStorage beside the cart it pays for, which every tab shares: a key kept per tab would let
// a new tab charge the same cart again. It is bound to the shopper and the cart's lines, so a
// changed cart or another shopper gets a new one (the server refuses a key reused for another
// cart); a paid checkout or a sign-out ends it. Each cart item goes as it is, naming its size
// and colour by variantId.
import { api } from './client';
import { checkoutLine } from '../components/variants/variants';
import { CHECKOUT_KEY, forgetCheckoutKey, readJSON } from '../storage-keys';
import { newRequestKey } from './request-key';

/** The fixed placeholder payment nonce: no card tokenising happens on the client. */
export const PAYMENT_NONCE = 'fake-valid-nonce';

/** What identifies a checkout: the shopper and the cart's lines (product and chosen variant), in order. */
const checkoutOf = (cart, userId) =>
  JSON.stringify([userId ?? '', cart.map(checkoutLine).map((line) => [line._id, line.variantId ?? null])]);

/**
 * checkoutKey is the Idempotency-Key of this shopper's checkout of this cart: the same until the
 * cart changes or is paid, across reloads and tabs.
 */
export function checkoutKey(cart, userId) {
  const checkout = checkoutOf(cart, userId);
  const stored = readJSON(CHECKOUT_KEY, null);
  if (stored?.checkout === checkout && typeof stored.key === 'string' && stored.key) return stored.key;
  const key = newRequestKey();
  try {
    localStorage.setItem(CHECKOUT_KEY, JSON.stringify({ checkout, key }));
  } catch {
    // Storage full or refused: the key still serves this attempt.
  }
  return key;
}

/** processPayment pays for the cart of user `userId` under its checkout's key; once paid, the key is done with. */
export function processPayment(cart, userId) {
  const key = checkoutKey(cart, userId);
  return api
    .post('/api/v1/product/process-payment', { nonce: PAYMENT_NONCE, cart: cart.map(checkoutLine) }, {
      headers: { 'Idempotency-Key': key },
    })
    .then((answer) => {
      forgetCheckoutKey(key);
      return answer;
    });
}
