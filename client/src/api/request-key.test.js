import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRequestKey } from './request-key';

describe('newRequestKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a new random UUID each time, also where randomUUID is missing (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes) => real.getRandomValues(bytes) });
    expect(crypto.randomUUID).toBeUndefined();
    const keys = new Set(Array.from({ length: 50 }, () => newRequestKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
