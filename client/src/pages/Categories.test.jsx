import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { server, url } from '../test/server';
import { products } from '../test/fixtures';

describe('Categories page', () => {
  it('shows a link per category to /category/{slug}', async () => {
    renderRoute('/categories');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Jackets' })).toHaveAttribute('href', '/category/jackets');
    expect(within(main).getAllByRole('link')).toHaveLength(3);
  });
});

describe('Category page', () => {
  it('shows the heading, the result count and the cards', async () => {
    let asked = null;
    server.use(http.get(url('product/product-category/:slug'), ({ params }) => {
      asked = params.slug;
      return HttpResponse.json({ success: true, category: { _id: 'c2', name: 'Jeans', slug: 'jeans' }, products: products.slice(0, 2) });
    }));
    renderRoute('/category/jeans');
    expect(await screen.findByRole('heading', { name: 'Category - Jeans' })).toBeInTheDocument();
    expect(screen.getByText('2 result found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(asked).toBe('jeans');
  });

  it('shows the server message, or Error loading products, when the load fails', async () => {
    server.use(http.get(url('product/product-category/:slug'), () => HttpResponse.json({ success: false }, { status: 500 })));
    renderRoute('/category/jeans');
    expect(await screen.findByText('Error loading products')).toBeInTheDocument();
  });

  it('prefers the server message', async () => {
    server.use(http.get(url('product/product-category/:slug'), () =>
      HttpResponse.json({ success: false, message: 'Category not found' }, { status: 404 })));
    renderRoute('/category/nope');
    expect(await screen.findByText('Category not found')).toBeInTheDocument();
  });
});
