import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { server, url } from '../test/server';
import { makeProduct } from '../test/fixtures';
import { SEARCH_RESULTS_MAX } from '../rules';

/** searchFor searches the shop from the header, the server finding `found` products. */
async function searchFor(found) {
  server.use(http.get(url('product/search/:keyword'), () =>
    HttpResponse.json(Array.from({ length: found }, (_, i) => makeProduct(i + 1)))));
  const { user } = await renderRoute('/about');
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'shirt{Enter}');
  // The search page's code is loaded on first use and a hundred cards drawn: on a busy
  // machine that outlasts the default wait.
  expect(await screen.findByText(`Found ${found} product(s)`, {}, { timeout: 10000 })).toBeInTheDocument();
}

describe('Search page', () => {
  it('shows No Products Found before any search', async () => {
    await renderRoute('/search');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.getByText('No Products Found')).toBeInTheDocument();
  });

  it('says the results are the first matches only when the server sent as many as it sends', async () => {
    await searchFor(SEARCH_RESULTS_MAX);
    expect(screen.getByText(/^Found 100 product\(s\)$/)).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText(/^Showing the first 100 matches\./)).toBeInTheDocument();
    // The shop lists every match, page by page.
    expect(screen.getByRole('link', { name: 'See them all in the shop' })).toHaveAttribute('href', '/shop?q=shirt');
  });

  it('says nothing more when fewer came: they are all there are', async () => {
    await searchFor(SEARCH_RESULTS_MAX - 1);
    expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
  });
});
