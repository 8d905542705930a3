// The msw server of the unit tests. Default handlers answer the common GETs (categories,
// product pages, count, guards' checks); a test adds or overrides handlers with
// server.use(http.get(url, resolver)). Unhandled requests fail the test (see setup.js).
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { categories, products } from './fixtures';
import { onePage } from './paging';
import { browseHandler } from '../components/browse/test-browse';

/** url builds the absolute address msw matches for an API path (jsdom's origin). */
export const url = (path) => `*/api/v1/${path}`;

/**
 * catalogueHandlers answer get-product/{slug} (which takes a product's id in place of its slug
 * too) and product-category/{slug} from `list` as the API does (404 for a slug or id it does
 * not hold): serve a test's own products with
 * server.use(...catalogueHandlers(list)).
 */
export function catalogueHandlers(list) {
  return [
    http.get(url('product/get-product/:slug'), ({ params }) => {
      const product = list.find((p) => p.slug === params.slug || p._id === params.slug);
      return product
        ? HttpResponse.json({ success: true, product })
        : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
    }),
    http.get(url('product/product-category/:slug'), ({ params }) => {
      const category = categories.find((c) => c.slug === params.slug);
      return category
        ? HttpResponse.json({ success: true, category, products: list.filter((p) => p.category?._id === category._id) })
        : HttpResponse.json({ success: false, message: 'Category not found' }, { status: 404 });
    }),
  ];
}

export const handlers = [
  http.get(url('config'), () => HttpResponse.json({ success: true, currency: 'inr' })),
  http.get(url('category/get-category'), () => HttpResponse.json({ success: true, message: 'All categories', category: categories })),
  http.get(url('product/product-count'), () => HttpResponse.json({ success: true, total: products.length })),
  http.get(url('product/product-list/:page'), ({ params }) => {
    const page = Number(params.page);
    return HttpResponse.json({ success: true, products: products.slice((page - 1) * 6, page * 6) });
  }),
  browseHandler(products),
  http.get(url('product/get-product'), ({ request }) =>
    HttpResponse.json({ success: true, countTotal: products.length, products: onePage(products, request) })),
  ...catalogueHandlers(products),
  http.get(url('product/related-product/:pid/:cid'), ({ params }) =>
    HttpResponse.json({ success: true, products: products.filter((p) => p._id !== params.pid).slice(0, 3) })),
  http.get(url('auth/user-auth'), () => HttpResponse.json({ ok: true })),
  http.get(url('auth/admin-auth'), () => HttpResponse.json({ ok: true })),
  http.get(url('auth/orders'), () => HttpResponse.json([])),
  http.get(url('auth/all-orders'), () => HttpResponse.json([])),
  http.get(url('auth/all-users'), () => HttpResponse.json({ success: true, users: [] })),
];

export const server = setupServer(...handlers);

/**
 * held answers with `answer()` only once `release()` is called, so a test can see a loading
 * state however fast the machine is: `const orders = held(() => HttpResponse.json(list))`.
 */
export function held(answer) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  const handler = async (...args) => {
    await gate;
    return answer(...args);
  };
  return { handler, release };
}
