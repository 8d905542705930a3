// The storefront while its calls are on their way, when they answer nothing, and when they
// fail: skeleton cards in a busy region, an empty state that says where to go, an error state
// whose Try again asks again, and no half-made heading or count in between.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { held, server, url } from '../test/server';
import { browseAnswer } from '../components/browse/test-browse';
import { products } from '../test/fixtures';
import { refusedOnce, retryOffered } from '../test/list-failure';

const cards = () => within(screen.getByRole('list', { name: 'Products' })).queryAllByRole('article');

/** holdBrowse answers product/browse only once released, counting the calls. */
function holdBrowse(list = products) {
  const calls = vi.fn();
  const answer = held(({ request }) => HttpResponse.json(browseAnswer(list, new URL(request.url).searchParams)));
  server.use(http.get(url('product/browse'), (info) => {
    calls();
    return answer.handler(info);
  }));
  return { ...answer, calls };
}

/** failBrowse fails product/browse until `recover()`, then answers it; it counts the calls. */
function failBrowse() {
  let failing = true;
  const calls = vi.fn();
  server.use(http.get(url('product/browse'), ({ request }) => {
    calls();
    return failing
      ? HttpResponse.json({ success: false, message: 'Error while browsing products' }, { status: 500 })
      : HttpResponse.json(browseAnswer(products, new URL(request.url).searchParams));
  }));
  return { calls, recover: () => { failing = false; } };
}

// Failed calls are logged, not toasted, on these pages; the log stays out of the test output.
beforeEach(() => vi.spyOn(console, 'log').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const skeleton = () => screen.getByText('Loading products…').closest('[aria-busy]');

describe('the shop while its products load', () => {
  it('shows skeleton cards in a busy region and no count, then the cards', async () => {
    const browse = holdBrowse();
    await renderRoute('/shop');
    expect(await screen.findByText('Loading products…')).toBeInTheDocument();
    expect(skeleton()).toHaveAttribute('aria-busy', 'true');
    expect(skeleton().querySelectorAll('.product-card--skeleton')).toHaveLength(6);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText(/product\(s\)/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeInTheDocument();

    browse.release();
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.getByText(`${products.length} product(s)`)).toBeInTheDocument();
    expect(screen.queryByText('Loading products…')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: `${products.length} product(s)` })).toHaveAttribute('aria-busy', 'false');
  });

  it('says there are no products yet and leads to the home page', async () => {
    server.use(http.get(url('product/browse'), ({ request }) =>
      HttpResponse.json(browseAnswer([], new URL(request.url).searchParams))));
    await renderRoute('/shop');
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading products…')).not.toBeInTheDocument();
    expect(screen.getByText('0 product(s)')).toBeInTheDocument();
  });

  it('shows the error state when the list fails, and Try again asks again and shows the cards', async () => {
    const browse = failBrowse();
    const { user } = await renderRoute('/shop');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the products.');
    expect(screen.queryByText('Loading products…')).not.toBeInTheDocument();
    expect(screen.queryByText(/product\(s\)/)).not.toBeInTheDocument();
    expect(browse.calls).toHaveBeenCalledTimes(1);

    browse.recover();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(browse.calls).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the error state when Try again fails again', async () => {
    const browse = failBrowse();
    const { user } = await renderRoute('/shop');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(browse.calls).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products.');
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
  });
});

describe('a category page while it loads', () => {
  it('shows no "Category -" heading or "0 result found" until the category and its products are there', async () => {
    const names = held(() => HttpResponse.json({ success: true, category: [{ _id: 'c1', name: 'Shirts', slug: 'shirts' }] }));
    server.use(http.get(url('category/get-category'), names.handler));
    const browse = holdBrowse();
    await renderRoute('/category/shirts');

    expect(await screen.findByRole('heading', { name: 'Loading category' })).toBeInTheDocument();
    expect(screen.queryByText(/Category -/)).not.toBeInTheDocument();
    expect(screen.queryByText(/result found/)).not.toBeInTheDocument();
    expect(skeleton()).toHaveAttribute('aria-busy', 'true');

    names.release();
    expect(await screen.findByRole('heading', { name: 'Category - Shirts' })).toBeInTheDocument();
    expect(await screen.findByText('Loading products…')).toBeInTheDocument();
    expect(screen.queryByText(/result found/)).not.toBeInTheDocument();

    browse.release();
    expect(await screen.findByText(/^\d+ result found$/)).toBeInTheDocument();
    expect(screen.queryByText('0 result found')).not.toBeInTheDocument();
    expect(cards().length).toBeGreaterThan(0);
  });

  it('asks for its products at once, beside the categories, and shows them from that one call', async () => {
    const names = held(() => HttpResponse.json({ success: true, category: [{ _id: 'c1', name: 'Shirts', slug: 'shirts' }] }));
    server.use(http.get(url('category/get-category'), names.handler));
    const browse = holdBrowse();
    await renderRoute('/category/shirts?sort=price-asc');
    await waitFor(() => expect(browse.calls).toHaveBeenCalledOnce());
    expect(screen.getByRole('heading', { name: 'Loading category' })).toBeInTheDocument();

    browse.release();
    names.release();
    expect(await screen.findByRole('heading', { name: 'Category - Shirts' })).toBeInTheDocument();
    expect(await screen.findByText(/^\d+ result found$/)).toBeInTheDocument();
    expect(cards().length).toBeGreaterThan(0);
    expect(browse.calls).toHaveBeenCalledOnce();
  });

  it('offers Try again when the categories cannot be loaded, and shows the category after it', async () => {
    let failing = true;
    server.use(http.get(url('category/get-category'), () => (failing
      ? HttpResponse.json({ success: false, message: 'Error while getting categories' }, { status: 500 })
      : HttpResponse.json({ success: true, category: [{ _id: 'c1', name: 'Shirts', slug: 'shirts' }] }))));
    const { user } = await renderRoute('/category/shirts');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this category.');
    expect(screen.queryByText(/Category -/)).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Category - Shirts' })).toBeInTheDocument();
  });

  it('leads back to the shop from a category that does not exist', async () => {
    await renderRoute('/category/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'No such category' })).toBeInTheDocument();
    expect(screen.getByText('This category does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText(/result found/)).not.toBeInTheDocument();
  });
});

describe('a product page while it loads', () => {
  it('shows a busy skeleton, then the product', async () => {
    const product = products[0];
    const answer = held(() => HttpResponse.json({ success: true, product }));
    server.use(http.get(url(`product/get-product/${product.slug}`), answer.handler));
    await renderRoute(`/product/${product.slug}`);
    const status = await screen.findByText('Loading the product…');
    expect(status.closest('section')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'ADD TO CART' })).not.toBeInTheDocument();
    answer.release();
    expect(await screen.findByRole('heading', { name: product.name, level: 2 })).toBeInTheDocument();
    expect(screen.queryByText('Loading the product…')).not.toBeInTheDocument();
  });

  it('shows the error state when the product cannot be loaded, and Try again shows it', async () => {
    const product = products[0];
    let failing = true;
    const calls = vi.fn();
    server.use(http.get(url(`product/get-product/${product.slug}`), () => {
      calls();
      return failing
        ? HttpResponse.json({ success: false, message: 'Error while getting the product' }, { status: 500 })
        : HttpResponse.json({ success: true, product });
    }));
    const { user } = await renderRoute(`/product/${product.slug}`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: product.name, level: 2 })).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('leads back to the shop from a product that does not exist', async () => {
    await renderRoute('/product/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText('Loading the product…')).not.toBeInTheDocument();
  });
});

// Each read of the storefront, refused (4xx) and failing (5xx): a refusal shows the server's
// message and no Try again, a server error offers Try again. Only the category page's
// products show a toast (Error loading products, or the server's message); the others are
// logged only.
describe.each([
  ['the home page\'s trending products', '/', 'product/product-list/:page', null],
  ['the home page\'s category tiles', '/', 'category/get-category', null],
  ['the categories page', '/categories', 'category/get-category', null],
  ['the category page\'s category', '/category/shirts', 'category/get-category', null],
  ['the category page\'s products', '/category/shirts', 'product/browse', 'message'],
  ['a product page', '/product/product-1', 'product/get-product/:slug', null],
  ['a product page\'s similar products', '/product/product-1', 'product/related-product/:pid/:cid', null],
])('%s', (_name, path, call, toasted) => {
  const fail = (status, message) =>
    server.use(http.get(url(call), () => HttpResponse.json({ success: false, message }, { status })));
  const toast = (message) => (toasted ? message : null);

  it('shows the server\'s message of a refusal, without Try again', async () => {
    fail(403, 'Not allowed here');
    await renderRoute(path);
    await refusedOnce('Not allowed here', { toast: toast('Not allowed here') });
  });

  it('offers Try again after a server error', async () => {
    fail(503, 'Store unavailable');
    await renderRoute(path);
    await retryOffered('Store unavailable', { toast: toast('Store unavailable') });
  });
});
