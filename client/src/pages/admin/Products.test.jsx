import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { catalogueHandlers, server, url } from '../../test/server';
import { onePage, pageAsked } from '../../test/paging';
import { admin, makeProduct, products, signedIn } from '../../test/fixtures';
import { failedList, refusedOnce } from '../../test/list-failure';

const PATH = '/dashboard/admin/products';

const productLinks = () => screen.getAllByRole('link', { name: /^Product \d+$/ });

describe('admin products list', () => {
  beforeAll(() => import('./Products'));

  it('shows 6 products a page from the server, each linking to its edit page', async () => {
    const asked = [];
    server.use(
      http.get(url('product/get-product'), ({ request }) => {
        asked.push(pageAsked(request));
        return HttpResponse.json({ success: true, countTotal: products.length, products: onePage(products, request) });
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    await screen.findByText('Product 6');
    expect(productLinks()).toHaveLength(6);
    expect(productLinks().map((a) => a.getAttribute('href'))).toEqual(
      products.slice(0, 6).map((p) => `/dashboard/admin/product/${p.slug}`),
    );
    expect(screen.getByRole('img', { name: 'Product 1' })).toHaveAttribute('loading', 'lazy');

    await user.click(screen.getByTitle('2'));
    await screen.findByText('Product 8');
    expect(productLinks()).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Product 7' })).toHaveAttribute('href', '/dashboard/admin/product/product-7');
    expect(screen.getByRole('link', { name: 'Product 8' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 1' })).not.toBeInTheDocument();
    expect(asked).toEqual([{ page: 1, limit: 6 }, { page: 2, limit: 6 }]);
  });

  it('pages over every product the server counts', async () => {
    server.use(http.get(url('product/get-product'), () =>
      HttpResponse.json({ success: true, countTotal: 1200, products: products.slice(0, 6) })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Product 6');
    expect(screen.getByTitle('200')).toBeInTheDocument();
    expect(screen.queryByTitle('201')).not.toBeInTheDocument();
  });

  it('opens the edit page of a product from its card', async () => {
    const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Product 3');
    await user.click(screen.getByRole('link', { name: 'Product 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/product/product-3'));
    expect(await screen.findByLabelText('Name')).toHaveValue('Product 3');
    expect(screen.getByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
  });

  it('shows Something Went Wrong when the list fails without a message', async () => {
    server.use(http.get(url('product/get-product'), () => HttpResponse.error()));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Something Went Wrong')).toBeInTheDocument();
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('Check your connection');
    expect(retry).toBeInTheDocument();
  });

  it('shows the server message when the list fails with one, and offers Try again after a server error', async () => {
    server.use(http.get(url('product/get-product'), () => HttpResponse.json({ success: false, message: 'Store unavailable' }, { status: 503 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Store unavailable')).toBeInTheDocument();
    const { retry } = await failedList();
    expect(retry).toBeInTheDocument();
  });

  it('shows the server message of a refusal once as a toast and in the list, without Try again', async () => {
    server.use(http.get(url('product/get-product'), () => HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await refusedOnce('Admins only');
  });

  it('keeps its pager when every product fits on one page (SPEC: a pager)', async () => {
    server.use(http.get(url('product/get-product'), () =>
      HttpResponse.json({ success: true, countTotal: 2, products: products.slice(0, 2) })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Product 2')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
  });
});

describe('the way back from a product\'s edit page', () => {
  beforeAll(() => import('./UpdateProduct'));

  /** A shop of 13 products, 3 pages of the list (6, 6 and 1), which a delete takes from. */
  function serveShop() {
    const shop = Array.from({ length: 13 }, (_, i) => makeProduct(i + 1));
    server.use(
      http.get(url('product/get-product'), ({ request }) =>
        HttpResponse.json({ success: true, countTotal: shop.length, products: onePage(shop, request) })),
      ...catalogueHandlers(shop),
      http.put(url('product/update-product/:id'), ({ params }) =>
        HttpResponse.json({ success: true, product: shop.find((p) => p._id === params.id) })),
      http.delete(url('product/delete-product/:id'), ({ params }) => {
        shop.splice(shop.findIndex((p) => p._id === params.id), 1);
        return HttpResponse.json({ success: true });
      }),
    );
  }

  /** openFromList opens the list at `page` and the edit page of the product `name` from it. */
  async function openFromList(page, name) {
    const opened = await renderDashboard(`${PATH}?page=${page}`, { auth: signedIn(admin) });
    await opened.user.click(await screen.findByRole('link', { name }));
    await waitFor(() => expect(opened.router.state.location.pathname).not.toBe(PATH));
    return opened;
  }

  it('returns to the page of the list the product was opened from once it is saved', async () => {
    serveShop();
    const { user, router } = await openFromList(2, 'Product 9');
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.location.pathname).toBe(PATH);
    expect(await screen.findByRole('link', { name: 'Product 9' })).toBeInTheDocument();
  });

  it('returns to that page after a delete, or to the last page when the delete emptied it', async () => {
    serveShop();
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user, router } = await openFromList(3, 'Product 13');
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.location.pathname).toBe(PATH);
    expect(await screen.findByRole('link', { name: 'Product 12' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 13' })).not.toBeInTheDocument();
    prompt.mockRestore();
  });

  it('leads Back to all products to that page from a product no longer in the shop', async () => {
    serveShop();
    server.use(http.get(url('product/get-product/:slug'), () =>
      HttpResponse.json({ success: false, message: 'Product not found.' }, { status: 404 })));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the page says it, the 404 is logged
    const { user, router } = await openFromList(2, 'Product 9');
    await user.click(await screen.findByRole('link', { name: 'Back to all products' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.location.pathname).toBe(PATH);
    logged.mockRestore();
  });
});
