import { describe, expect, it } from 'vitest';
import { checkoutKey } from './payment';
import { makeProduct } from '../test/fixtures';
import { tee } from '../components/variants/test-fixtures';

const shirt = makeProduct(1);
const teeIn = (size, colour) => ({ ...tee, variant: tee.variants.find((v) => v.options.Size === size && v.options.Colour === colour) });

describe('checkoutKey', () => {
  it('is one key per shopper and cart lines, whatever else the lines carry', () => {
    const key = checkoutKey([shirt, teeIn('M', 'Navy')], 'u1');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutKey([{ ...shirt, price: 999, name: 'Renamed' }, teeIn('M', 'Navy')], 'u1')).toBe(key);
    expect(checkoutKey([shirt, teeIn('M', 'Sand')], 'u1')).not.toBe(key);
  });

  it('gives another shopper of the same cart another key', () => {
    const mine = checkoutKey([shirt], 'u1');
    expect(checkoutKey([shirt], 'u2')).not.toBe(mine);
  });

  it('is the same in every tab of the browser, as the cart is', () => {
    const key = checkoutKey([shirt], 'u1');
    sessionStorage.clear(); // a new tab
    expect(checkoutKey([shirt], 'u1')).toBe(key);
  });
});
