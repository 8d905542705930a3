// The catalogue under filters: one page of products, the total that match and the facets
// (how many products each filter value would give), answered by GET product/browse.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { PRODUCTS_KEY } from './products';
import { IN_STOCK_FILTER, KEYWORD_FILTER, LIST_FILTERS, PRICE_FILTERS } from '../rules';

/** Facets come for each list filter, and the price range for the price bounds. */
export const EMPTY_FACETS = {
  ...Object.fromEntries(LIST_FILTERS.map((name) => [name, []])),
  price: { min: 0, max: 0 },
};

/**
 * browseParams turns filters ({category, size, colour: lists; minPrice, maxPrice, q: text;
 * inStock: boolean; sort}) into the call's query, leaving out what is not set.
 */
export function browseParams(filters, page, limit) {
  const params = { page, limit };
  for (const name of LIST_FILTERS) {
    if (filters[name]?.length) params[name] = filters[name].join(',');
  }
  for (const name of [...PRICE_FILTERS, KEYWORD_FILTER, 'sort']) {
    if (filters[name]) params[name] = filters[name];
  }
  if (filters[IN_STOCK_FILTER]) params[IN_STOCK_FILTER] = 'true';
  return params;
}

export const browseProducts = (params) =>
  api.get('/api/v1/product/browse', { params }).then((d) => ({
    total: d?.total ?? 0,
    products: d?.products ?? [],
    facets: { ...EMPTY_FACETS, ...d?.facets },
  }));

/** listFilters are the filters a list asks with: the address's, fixed to one category's slug when it has one. */
export const listFilters = (filters, category) => (category ? { ...filters, category: [category] } : filters);

const BROWSE_KEPT_MS = 30 * 60_000;

/**
 * browseQuery is one page of a filtered list. While new filters load, the first page keeps
 * showing the previous answer, so the panel and its counts do not flicker. `errorText` is the
 * failure's toast (none: silent).
 */
export const browseQuery = (filters, page, limit, errorText) => {
  const params = browseParams(filters, page, limit);
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, 'browse', params],
    queryFn: () => browseProducts(params),
    placeholderData: page === 1 ? keepPreviousData : undefined,
    // Kept half an hour off screen (5 minutes by default): Back to a list within that draws all
    // its pages at once, where the shopper left them, while they are asked for again.
    gcTime: BROWSE_KEPT_MS,
    meta: errorText ? { errorText } : undefined,
  });
};
