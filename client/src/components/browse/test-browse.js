// A stand-in for GET product/browse in the unit tests: filters, sorts, pages and counts the
// facets of a product list the way the API does, so a screen can be tested against it.
import { http, HttpResponse } from 'msw';

const list = (value) => (value ? value.split(',') : []);
const lowest = (p) => Math.min(p.price, ...(p.variants ?? []).map((v) => v.price ?? p.price));
const optionOf = (v, name) => v.options?.[name];

function matcher(q) {
  const has = (p, name, values, inStock) =>
    p.variants?.length
      ? p.variants.some((v) => (!inStock || v.quantity > 0) && (values.length === 0 || values.includes(optionOf(v, name))))
      : values.length === 0 && (!inStock || p.quantity > 0);
  const keyword = q.q.toLowerCase();
  return (p, skip) =>
    (!keyword || `${p.name} ${p.description}`.toLowerCase().includes(keyword)) &&
    (skip === 'category' || q.category.length === 0 || q.category.includes(p.category.slug)) &&
    (skip === 'size' || has(p, 'Size', q.size, q.inStock)) &&
    (skip === 'colour' || has(p, 'Colour', q.colour, q.inStock)) &&
    (q.minPrice === null || lowest(p) >= q.minPrice) &&
    (q.maxPrice === null || lowest(p) <= q.maxPrice);
}

function valueFacet(products, match, name) {
  const counts = new Map();
  for (const p of products.filter((x) => match(x, name.toLowerCase()))) {
    new Set((p.variants ?? []).map((v) => optionOf(v, name)).filter(Boolean)).forEach((value) =>
      counts.set(value, (counts.get(value) ?? 0) + 1));
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** browseAnswer answers a browse query string over `products`; `seen` collects each query. */
export function browseAnswer(products, params) {
  const num = (name) => (params.get(name) ? Number(params.get(name)) : null);
  const q = {
    category: list(params.get('category')), size: list(params.get('size')), colour: list(params.get('colour')),
    minPrice: num('minPrice'), maxPrice: num('maxPrice'), inStock: params.get('inStock') === 'true',
    q: params.get('q') ?? '',
  };
  const match = matcher(q);
  const found = products.filter((p) => match(p));
  const sort = params.get('sort');
  if (sort === 'price-asc') found.sort((a, b) => lowest(a) - lowest(b));
  if (sort === 'price-desc') found.sort((a, b) => lowest(b) - lowest(a));
  if (sort === 'name') found.sort((a, b) => a.name.localeCompare(b.name));
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 12);
  const categories = new Map();
  products.filter((p) => match(p, 'category')).forEach((p) =>
    categories.set(p.category.slug, { ...p.category, count: (categories.get(p.category.slug)?.count ?? 0) + 1 }));
  const prices = found.map(lowest);
  return {
    success: true,
    total: found.length,
    page,
    limit,
    products: found.slice((page - 1) * limit, page * limit),
    facets: {
      category: [...categories.values()].map(({ slug, name, count }) => ({ slug, name, count })),
      size: valueFacet(products, match, 'Size'),
      colour: valueFacet(products, match, 'Colour'),
      price: { min: prices.length ? Math.min(...prices) : 0, max: prices.length ? Math.max(...prices) : 0 },
    },
  };
}

/** The API's refusal of a price range whose minimum is above its maximum. */
export const REVERSED_PRICES = 'minPrice must not be more than maxPrice.';

/**
 * browseHandler is the msw handler of browse over `products`; `seen` (optional) collects the
 * queries. Like the API, it refuses a minimum price above the maximum with a 400.
 */
export const browseHandler = (products, seen) =>
  http.get('*/api/v1/product/browse', ({ request }) => {
    const params = new URL(request.url).searchParams;
    seen?.push(Object.fromEntries(params));
    if (Number(params.get('minPrice')) > Number(params.get('maxPrice') || Infinity)) {
      return HttpResponse.json({ success: false, message: REVERSED_PRICES }, { status: 400 });
    }
    return HttpResponse.json(browseAnswer(products, params));
  });
