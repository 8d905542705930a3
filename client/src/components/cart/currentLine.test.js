import { describe, expect, it } from 'vitest';
import { currentLine, shownAlike, withoutPaid } from './currentLine';
import { makeProduct } from '../../test/fixtures';
import { tee } from '../variants/test-fixtures';
import { cartItem } from '../variants/variants';

const shirt = makeProduct(1);
const teeMNavy = cartItem(tee, tee.variants[1]);

describe('currentLine', () => {
  it('is the line itself while the product is not known, or when nothing changed', () => {
    expect(currentLine(shirt, undefined)).toBe(shirt);
    expect(currentLine(shirt, { ...shirt })).toBe(shirt);
    expect(currentLine(teeMNavy, tee)).toBe(teeMNavy);
  });

  it('takes the product\'s current name and price, and a variant\'s own price', () => {
    expect(currentLine(shirt, { ...shirt, name: 'Shirt', price: 150 })).toMatchObject({ name: 'Shirt', price: 150 });
    const repriced = { ...tee, price: 520, variants: tee.variants.map((v) => (v._id === 'v2' ? { ...v, price: 540 } : v)) };
    expect(currentLine(teeMNavy, repriced)).toMatchObject({ price: 540, variant: { _id: 'v2' } });
    expect(currentLine(teeMNavy, { ...tee, price: 520 })).toMatchObject({ price: 520, variant: { _id: 'v2' } });
  });

  it('is null when the product, or the size and colour chosen, is no longer sold', () => {
    expect(currentLine(shirt, null)).toBeNull();
    expect(currentLine(teeMNavy, { ...tee, variants: tee.variants.filter((v) => v._id !== 'v2') })).toBeNull();
    expect(currentLine(shirt, { ...shirt, options: tee.options, variants: tee.variants })).toBeNull();
    expect(currentLine(teeMNavy, { ...tee, options: [], variants: [] })).toBeNull();
  });
});

describe('shownAlike', () => {
  it('holds when name, price and variant are the same, whatever the stock', () => {
    expect(shownAlike(shirt, { ...shirt, quantity: 0 })).toBe(true);
    expect(shownAlike(teeMNavy, cartItem({ ...tee, variants: tee.variants.map((v) => ({ ...v, quantity: 1 })) }, tee.variants[1]))).toBe(true);
  });

  it('fails on a new name, price or variant', () => {
    expect(shownAlike(shirt, { ...shirt, name: 'Shirt' })).toBe(false);
    expect(shownAlike(shirt, { ...shirt, price: shirt.price + 1 })).toBe(false);
    expect(shownAlike(teeMNavy, cartItem(tee, tee.variants[0]))).toBe(false);
  });
});

describe('withoutPaid', () => {
  const jeans = makeProduct(2);
  const teeLSand = cartItem(tee, tee.variants[4]);

  it('takes one line out for each line paid, matching product, size and colour, and keeps the rest', () => {
    expect(withoutPaid([shirt, teeMNavy, shirt], [shirt, teeMNavy])).toEqual([shirt]);
    expect(withoutPaid([jeans, shirt, teeLSand, teeMNavy], [shirt, teeMNavy])).toEqual([jeans, teeLSand]);
    expect(withoutPaid([shirt], [teeMNavy, jeans])).toEqual([shirt]);
    expect(withoutPaid([], [shirt])).toEqual([]);
  });
});
