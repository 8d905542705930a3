// Checkout. A payment carries an Idempotency-Key made once per cart checkout: every retry of
// the same cart (a lost answer, a second click, a failure and Pay again) sends the same key, so
// the server answers the first order instead of charging twice. A paid cart or a changed cart
// gets a new key. The key lives in memory for the tab. Each cart item goes as it is, naming its
// size and colour by variantId.
import { api } from './client';
import { checkoutLine } from '../components/variants/variants';

/** The fixed placeholder payment nonce: no card tokenising happens on the client. */
export const PAYMENT_NONCE = 'fake-valid-nonce';

let checkout = { cart: '', key: '' };

/** What identifies a cart's checkout: its lines (product and chosen variant), in order. */
const cartLines = (cart) =>
  JSON.stringify(cart.map(checkoutLine).map((line) => [line._id, line.variantId ?? null]));

/** checkoutKey is the Idempotency-Key of this cart's checkout: the same until it changes or is paid. */
export function checkoutKey(cart) {
  const lines = cartLines(cart);
  if (checkout.cart !== lines || !checkout.key) checkout = { cart: lines, key: crypto.randomUUID() };
  return checkout.key;
}

/** forgetCheckoutKey ends the checkout once it is paid: the next cart gets a new key. */
function forgetCheckoutKey() {
  checkout = { cart: '', key: '' };
}

/** processPayment pays for the cart under its checkout's key; once paid, the key is done with. */
export const processPayment = (cart) =>
  api
    .post('/api/v1/product/process-payment', { nonce: PAYMENT_NONCE, cart: cart.map(checkoutLine) }, {
      headers: { 'Idempotency-Key': checkoutKey(cart) },
    })
    .then((answer) => {
      forgetCheckoutKey();
      return answer;
    });
