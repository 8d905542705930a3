import { describe, expect, it } from 'vitest';
import { cartTotal, formatMoney, RUPEE } from './money';

describe('cartTotal', () => {
  it('is the plain sum of the prices, a product in the cart twice counted twice', () => {
    const shirt = { _id: 'p1', price: 499.5 };
    expect(cartTotal([shirt, shirt, { _id: 'p2', price: 100 }])).toBe(1099);
  });

  it('adds in paise, so prices like 0.1 and 0.2 make 0.3', () => {
    expect(cartTotal([{ price: 0.1 }, { price: 0.2 }])).toBe(0.3);
    expect(formatMoney(cartTotal([{ price: 0.1 }, { price: 0.2 }]), RUPEE)).toBe('₹0.3');
  });

  it('is 0 for an empty cart or prices missing', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([{ price: undefined }])).toBe(0);
  });
});
