import { describe, expect, it } from 'vitest';
import { FILTERS, LIST_FILTERS } from '../rules';
import { browseParams, EMPTY_FACETS } from '../api/browse';
import { activeFilters, NO_FILTERS, readFilters } from './useBrowseFilters';

/** A value of each filter as an address holds it. */
const inAddress = {
  category: 'shirts,jeans', size: 'M,L', colour: 'Navy', minPrice: '10', maxPrice: '90', inStock: 'true', q: 'linen',
};

describe('the filters of a product list', () => {
  it('reads every filter of an address and sends each to the browse call as it was', () => {
    const address = new URLSearchParams({ ...inAddress, sort: 'price-asc' });
    expect(Object.keys(inAddress).sort()).toEqual([...FILTERS].sort());
    const filters = readFilters(address);
    expect(activeFilters(filters)).toBe(FILTERS.length);
    expect(browseParams(filters, 2, 6)).toEqual({ ...Object.fromEntries(address), page: 2, limit: 6 });
  });

  it('takes a keyword trimmed, and at most as long as the search box takes', () => {
    expect(readFilters(new URLSearchParams({ q: '  linen  ' })).q).toBe('linen');
    expect(readFilters(new URLSearchParams({ q: 'k'.repeat(150) })).q).toHaveLength(100);
    expect(browseParams(readFilters(new URLSearchParams({ q: '   ' })), 1, 6)).not.toHaveProperty('q');
  });

  it('clears every filter and sends none of them', () => {
    expect(Object.keys(NO_FILTERS).sort()).toEqual([...FILTERS].sort());
    expect(activeFilters(NO_FILTERS)).toBe(0);
    expect(browseParams({ ...NO_FILTERS, sort: '' }, 1, 6)).toEqual({ page: 1, limit: 6 });
  });

  it('expects facets for each filter picked from a list', () => {
    expect(LIST_FILTERS.every((name) => Array.isArray(EMPTY_FACETS[name]))).toBe(true);
  });
});
