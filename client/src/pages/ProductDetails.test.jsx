import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { catalogueHandlers, server, url } from '../test/server';
import { products } from '../test/fixtures';
import { wholeText } from '../test/text';

describe('Product details page', () => {
  it('shows the product with Add to Cart and up to 3 similar products', async () => {
    let related = null;
    server.use(http.get(url('product/related-product/:pid/:cid'), ({ params }) => {
      related = params;
      return HttpResponse.json({ success: true, products: products.slice(1, 5) });
    }));
    await renderRoute('/product/product-1');
    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByText(products[0].description.trim())).toBeInTheDocument();
    expect(screen.getByText('Price: ₹100')).toBeInTheDocument();
    expect(screen.getByText(wholeText('Category: Shirts'))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Product 1' })).toHaveAttribute('src', '/api/v1/product/product-photo/p1');
    const similar = await screen.findByRole('list', { name: 'Similar Products' });
    expect(within(similar).getAllByRole('article')).toHaveLength(3);
    expect(related).toMatchObject({ pid: 'p1', cid: 'c1' });
    expect(screen.getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(1);
  });

  it('adds the product to the cart and opens /cart', async () => {
    const { user, router } = await renderRoute('/product/product-3', { cart: [products[0]] });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Added to cart')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p1', 'p3']);
    expect(within(screen.getByRole('link', { name: /cart/i })).getByText('2')).toBeInTheDocument();
  });

  it('keeps the line breaks of a description on the product page, and only there', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = readFileSync('src/index.css', 'utf8');
    document.head.append(sheet);
    try {
      const description = 'Soft cotton.\nMachine wash cold.\nMade in India.';
      server.use(...catalogueHandlers(products.map((p) => ({ ...p, description }))));
      await renderRoute('/product/product-1');
      const shown = await screen.findByText('Soft cotton. Machine wash cold. Made in India.', { selector: 'p' });
      expect(shown.textContent).toBe(description);
      expect(getComputedStyle(shown).whiteSpace).toBe('pre-line');
      // The similar products' cards preview it on one line.
      const similar = await screen.findByRole('list', { name: 'Similar Products' });
      const previews = similar.querySelectorAll('.product-card__text');
      expect(previews).toHaveLength(3);
      previews.forEach((p) => expect(getComputedStyle(p).whiteSpace).not.toBe('pre-line'));
    } finally {
      sheet.remove();
    }
  });

  it('says when there are no similar products', async () => {
    server.use(http.get(url('product/related-product/:pid/:cid'), () => HttpResponse.json({ success: true, products: [] })));
    await renderRoute('/product/product-1');
    expect(await screen.findByText('No Similar Products found')).toBeInTheDocument();
  });

  it('tells when the product does not exist and leads back to the shop (logged, no toast)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await renderRoute('/product/nope');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/shop');
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    log.mockRestore();
  });
});
