// While the next page's code is still on its way (a slow phone), the page the shopper acted on
// stays on screen: a second tap of the same button must not do its work twice.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { server, url } from '../test/server';
import { makeProduct, products } from '../test/fixtures';

// The cart's and the search page's code arrive only once let through, and say when asked for.
// The cart's comes through its loader, which the product page and the route table share.
const chunks = vi.hoisted(() => {
  const gate = () => {
    let open;
    const opened = new Promise((resolve) => { open = resolve; });
    return { asked: 0, opened, open };
  };
  return { cart: gate(), search: gate() };
});
vi.mock('./page-chunks', () => ({
  loadCartPage: () => {
    chunks.cart.asked += 1;
    return chunks.cart.opened.then(() => import('./CartPage'));
  },
}));
vi.mock('./Search', async (importOriginal) => {
  chunks.search.asked += 1;
  await chunks.search.opened;
  return importOriginal();
});

const storedIds = () => JSON.parse(localStorage.getItem('cart')).map((p) => p._id);

describe('a slow page to come', () => {
  it('asks for the cart\'s code on a product page, and adds a double-tapped item once', async () => {
    const { user, router } = await renderRoute('/product/product-3');
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(chunks.cart.asked).toBe(1));

    await user.click(add);
    await user.click(add);
    expect(storedIds()).toEqual(['p3']);
    expect(router.state.location.pathname).toBe('/product/product-3');

    act(() => chunks.cart.open());
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(await screen.findByText(/^You have 1 item\(s\) in your cart/)).toBeInTheDocument();
    expect(storedIds()).toEqual(['p3']);
  });

  it('asks for the cart\'s code only once the product page is idle, not beside its product and photo', async () => {
    const idle = [];
    vi.stubGlobal('requestIdleCallback', vi.fn((callback) => idle.push(callback)));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    let page;
    try {
      const before = chunks.cart.asked;
      page = await renderRoute('/product/product-2');
      expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: products[1].name })).toHaveAttribute('fetchpriority', 'high');
      expect(chunks.cart.asked).toBe(before);

      act(() => idle.forEach((callback) => callback()));
      expect(chunks.cart.asked).toBe(before + 1);
    } finally {
      page?.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('keeps Search busy until the results page is on screen, searching once', async () => {
    let searches = 0;
    server.use(http.get(url('product/search/:keyword'), () => {
      searches += 1;
      return HttpResponse.json([makeProduct(1)]);
    }));
    const { user, router } = await renderRoute('/about', { cart: [products[0]] });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'shirt{Enter}');
    await waitFor(() => expect(chunks.search.asked).toBe(1));
    const search = within(screen.getByRole('search')).getByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '{Enter}');
    expect(searches).toBe(1);

    act(() => chunks.search.open());
    expect(await screen.findByText('Found 1 product(s)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(searches).toBe(1);
    expect(within(screen.getByRole('search')).getByRole('button', { name: 'Search' })).toBeEnabled();
  });
});
