import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { server, url } from '../test/server';
import { categories, products } from '../test/fixtures';

describe('Categories page', () => {
  it('shows a link per category to /category/{slug}', async () => {
    await renderRoute('/categories');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Jackets' })).toHaveAttribute('href', '/category/jackets');
    expect(within(main).getAllByRole('link')).toHaveLength(3);
  });
});

describe('Category page', () => {
  // The page lists its products through product/browse, filtered by the category's slug.
  it('shows the heading, the result count and the cards', async () => {
    let asked = null;
    server.use(http.get(url('product/browse'), ({ request }) => {
      asked = new URL(request.url).searchParams.get('category');
      const found = products.slice(0, 2);
      return HttpResponse.json({ success: true, total: found.length, page: 1, limit: 48, products: found,
        facets: { category: [], size: [], colour: [], price: { min: 0, max: 0 } } });
    }));
    await renderRoute(`/category/${categories[1].slug}`);
    expect(await screen.findByRole('heading', { name: `Category - ${categories[1].name}` })).toBeInTheDocument();
    expect(await screen.findByText('2 result found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(asked).toBe(categories[1].slug);
  });

  it('shows the server message, or Error loading products, when the load fails', async () => {
    server.use(http.get(url('product/browse'), () => HttpResponse.json({ success: false }, { status: 500 })));
    await renderRoute(`/category/${categories[1].slug}`);
    expect(await screen.findByText('Error loading products')).toBeInTheDocument();
  });

  it('prefers the server message', async () => {
    server.use(http.get(url('product/browse'), () =>
      HttpResponse.json({ success: false, message: 'Bad parameter sort.' }, { status: 400 })));
    await renderRoute(`/category/${categories[1].slug}`);
    expect(await screen.findByText('Bad parameter sort.')).toBeInTheDocument();
  });
});
