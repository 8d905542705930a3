// Checkout: one call per attempt, each with its own Idempotency-Key so a retried request
// never charges twice. Each cart item goes as it is, naming its size and colour by variantId.
import { api } from './client';
import { checkoutLine } from '../components/variants/variants';

/** The fixed placeholder payment nonce: no card tokenising happens on the client. */
export const PAYMENT_NONCE = 'fake-valid-nonce';

export const processPayment = (cart, idempotencyKey = crypto.randomUUID()) =>
  api.post('/api/v1/product/process-payment', { nonce: PAYMENT_NONCE, cart: cart.map(checkoutLine) }, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
