// Checkout: one call per attempt, each with its own Idempotency-Key so a retried request
// never charges twice.
import { api } from './client';

/** The fixed placeholder payment nonce: no card tokenising happens on the client. */
export const PAYMENT_NONCE = 'fake-valid-nonce';

export const processPayment = (cart, idempotencyKey = crypto.randomUUID()) =>
  api.post('/api/v1/product/process-payment', { nonce: PAYMENT_NONCE, cart }, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
