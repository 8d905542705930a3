import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { server } from '../test/server';
import { browseAnswer, browseHandler } from '../components/browse/test-browse';
import { makeProduct, products } from '../test/fixtures';

const cards = () => within(screen.getByRole('list', { name: 'Products' })).queryAllByRole('article');

describe('Shop page', () => {
  it('shows the first page as cards with photo, rupee price and a 60-character preview', async () => {
    await renderRoute('/shop');
    expect(await screen.findByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(cards()).toHaveLength(6);
    const card = screen.getByRole('article', { name: 'Product 1' });
    expect(within(card).getByText('₹100')).toBeInTheDocument();
    expect(within(card).getByText(`${products[0].description.substring(0, 60)}...`)).toBeInTheDocument();
    const photo = within(card).getByRole('img', { name: 'Product 1', hidden: true });
    expect(photo).toHaveAttribute('src', '/api/v1/product/product-photo/p1');
    expect(photo).toHaveAttribute('srcset', expect.stringContaining('/api/v1/product/product-photo/p1?w=640 640w'));
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(within(card).getByRole('link', { name: 'More Details' })).toHaveAttribute('href', '/product/product-1');
  });

  it('opens the product from its photo, a link keyboards skip as the name\'s twin', async () => {
    const { user, router } = await renderRoute('/shop');
    const card = await screen.findByRole('article', { name: 'Product 1' });
    const link = within(card).getByRole('img', { name: 'Product 1', hidden: true }).closest('a');
    expect(link).toHaveAttribute('href', '/product/product-1');
    expect(link).toHaveAttribute('tabindex', '-1');
    expect(link).toHaveAttribute('aria-hidden', 'true');
    // Screen readers and keyboards meet the product's link once, by its name.
    expect(within(card).getAllByRole('link', { name: 'Product 1' })).toHaveLength(1);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/product-1'));
  });

  it('loads the photos of the first row at once and the others as they come near', async () => {
    await renderRoute('/shop');
    await screen.findByRole('article', { name: 'Product 6' });
    const loading = cards().map((card) => within(card).getByRole('img', { hidden: true }).getAttribute('loading'));
    expect(loading[0]).toBe('eager');
    expect(loading.at(-1)).toBe('lazy');
    expect(loading.indexOf('lazy')).toBeGreaterThan(0);
  });

  it('loads more pages while fewer than the total are loaded', async () => {
    const seen = [];
    server.use(browseHandler(products, seen));
    const { user, router } = await renderRoute('/shop');
    const more = await screen.findByRole('button', { name: 'Load more' });
    await waitFor(() => expect(cards()).toHaveLength(6));
    await user.click(more);
    await waitFor(() => expect(cards()).toHaveLength(8));
    // The button goes once all are in: focus is on the first new card's name, not the page's top.
    await waitFor(() => expect(within(cards()[6]).getAllByRole('link')[0]).toHaveFocus());
    expect(screen.getByRole('article', { name: 'Product 8' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(seen).toContainEqual(expect.objectContaining({ page: '2', limit: '6' }));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows each product once, the new one too, when a product is added while the shopper pages', async () => {
    const seen = [];
    const catalogue = [...products];
    server.use(browseHandler(catalogue, seen));
    const { user } = await renderRoute('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    // The admin adds a product: newest first, it moves every product one place down, so page 2
    // now starts with Product 6, which page 1 showed.
    catalogue.unshift(makeProduct(9));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(9));
    const names = cards().map((card) => card.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(9);
    expect(names[0]).toBe('Product 9');
    expect(seen.filter((query) => query.page === '1')).toHaveLength(2); // page 1 asked again
  });

  it('shows a product page 1 passed by when it sold out while the shopper paged', async () => {
    const seen = [];
    const stocked = products.map((p) => ({ ...p, quantity: 5 }));
    server.use(browseHandler(stocked, seen));
    const { user } = await renderRoute('/shop?inStock=true');
    await waitFor(() => expect(cards()).toHaveLength(6));
    stocked[0].quantity = 0; // its last unit sold: page 2 now starts with Product 8
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual(
      ['Product 2', 'Product 3', 'Product 4', 'Product 5', 'Product 6', 'Product 7', 'Product 8']));
  });

  it('asks a shared link\'s pages only up to the last one, and puts that one in the address', async () => {
    const seen = [];
    server.use(browseHandler(products, seen));
    const { router } = await renderRoute('/shop?page=100');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    // 8 products are 2 pages of 6: page 1 tells the total, page 2 is the last one asked for.
    expect(seen.map((query) => query.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says to check the connection when offline, rather than waiting behind a spinner, and shows the list once back', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let online = false;
    server.use(http.get('*/api/v1/product/browse', ({ request }) =>
      (online ? HttpResponse.json(browseAnswer(products, new URL(request.url).searchParams)) : HttpResponse.error())));
    onlineManager.setOnline(false);
    try {
      await renderRoute('/shop');
      expect(await screen.findByText('Check your connection, then try again.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    } finally {
      online = true;
      onlineManager.setOnline(true);
    }
    // The connection back, the list is asked again by itself.
    await waitFor(() => expect(cards()).toHaveLength(6));
  });

  it('hides Load more when everything is loaded', async () => {
    server.use(browseHandler(products.slice(0, 6)));
    await renderRoute('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('adds a product to the cart: saved, badge, toast and /cart', async () => {
    const { user, router } = await renderRoute('/shop');
    const card = await screen.findByRole('article', { name: 'Product 2' });
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Added to cart')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p2']);
    expect(within(screen.getByRole('link', { name: /cart/i })).getByText('1')).toBeInTheDocument();
  });

  it('falls back to the placeholder when a photo cannot load', async () => {
    await renderRoute('/shop');
    const card = await screen.findByRole('article', { name: 'Product 1' });
    const photo = within(card).getByRole('img', { name: 'Product 1', hidden: true });
    photo.dispatchEvent(new Event('error'));
    await waitFor(() => expect(photo).toHaveAttribute('src', '/placeholder.svg'));
  });
});
