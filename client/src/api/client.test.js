import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { api } from './client';
import { ApiError, errorMessage } from './errors';
import { photoSrcSet, photoUrl } from './photos';
import { server, url } from '../test/server';

describe('photoUrl', () => {
  it('versions the photo address with the product update time, so a replaced photo shows at once', () => {
    const before = photoUrl({ _id: 'p1', updatedAt: '2026-01-01T10:00:00Z' });
    const after = photoUrl({ _id: 'p1', updatedAt: '2026-01-02T09:30:00Z' });
    expect(before).toBe('/api/v1/product/product-photo/p1?v=2026-01-01T10%3A00%3A00Z');
    expect(after).not.toBe(before);
  });

  it('versions it with the photo\'s own version when the product has one, which a sale leaves as it is', () => {
    const before = photoUrl({ _id: 'p1', photoVersion: 'f1', updatedAt: '2026-01-01T10:00:00Z' }, 320);
    const sold = photoUrl({ _id: 'p1', photoVersion: 'f1', updatedAt: '2026-01-01T10:05:00Z' }, 320);
    const replaced = photoUrl({ _id: 'p1', photoVersion: 'f2', updatedAt: '2026-01-01T10:06:00Z' }, 320);
    expect(before).toBe('/api/v1/product/product-photo/p1?w=320&v=f1');
    expect(sold).toBe(before);
    expect(replaced).toBe('/api/v1/product/product-photo/p1?w=320&v=f2');
  });

  it('is the plain address for a product without an update time (an order snapshot)', () => {
    expect(photoUrl({ _id: 'p9' })).toBe('/api/v1/product/product-photo/p9');
  });

  it('lists the 320, 640 and 1024 pixel copies for srcset', () => {
    expect(photoSrcSet({ _id: 'p9' })).toBe([
      '/api/v1/product/product-photo/p9?w=320 320w',
      '/api/v1/product/product-photo/p9?w=640 640w',
      '/api/v1/product/product-photo/p9?w=1024 1024w',
    ].join(', '));
  });
});

describe('the API client', () => {
  it('answers the body of a successful call', async () => {
    server.use(http.get(url('ping'), () => HttpResponse.json({ success: true, message: 'pong' })));
    await expect(api.get('/api/v1/ping')).resolves.toEqual({ success: true, message: 'pong' });
  });

  it('turns an error answer into an ApiError with its status and message', async () => {
    server.use(http.get(url('ping'), () => HttpResponse.json({ success: false, message: 'Out of stock' }, { status: 409 })));
    const error = await api.get('/api/v1/ping').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(errorMessage(error, 'Something went wrong')).toBe('Out of stock');
  });

  it('turns a 2xx answer carrying success false into an ApiError too', async () => {
    server.use(http.get(url('ping'), () => HttpResponse.json({ success: false, message: 'Category Already Exisits' })));
    const error = await api.get('/api/v1/ping').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(errorMessage(error, 'x')).toBe('Category Already Exisits');
  });

  it('falls back to the given text when the server said nothing (network failure)', async () => {
    server.use(http.get(url('ping'), () => HttpResponse.error()));
    const error = await api.get('/api/v1/ping').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(errorMessage(error, 'Something went wrong')).toBe('Something went wrong');
  });
});
