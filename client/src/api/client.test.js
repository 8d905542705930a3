import { describe, expect, it } from 'vitest';
import { errorMessage, photoUrl } from './client';

describe('photoUrl', () => {
  it('versions the photo address with the product update time, so a replaced photo shows at once', () => {
    const before = photoUrl({ _id: 'p1', updatedAt: '2026-01-01T10:00:00Z' });
    const after = photoUrl({ _id: 'p1', updatedAt: '2026-01-02T09:30:00Z' });
    expect(before).toBe('/api/v1/product/product-photo/p1?v=2026-01-01T10%3A00%3A00Z');
    expect(after).not.toBe(before);
  });

  it('is the plain address for a product without an update time (an order snapshot)', () => {
    expect(photoUrl({ _id: 'p9' })).toBe('/api/v1/product/product-photo/p9');
  });
});

describe('errorMessage', () => {
  it("prefers the server's message and falls back to the given text", () => {
    expect(errorMessage({ response: { data: { message: 'Out of stock' } } }, 'Something went wrong')).toBe('Out of stock');
    expect(errorMessage(new Error('Network Error'), 'Something went wrong')).toBe('Something went wrong');
  });
});
