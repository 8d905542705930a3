// The Idempotency-Key of a write that must happen once however often it is sent (a checkout, a
// product's creation): a random (version 4) UUID. crypto.randomUUID is only there on https and
// localhost; a shop opened over plain http on a local network address must still pay.

/** newRequestKey is a fresh random UUID for an Idempotency-Key header. */
export function newRequestKey() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
