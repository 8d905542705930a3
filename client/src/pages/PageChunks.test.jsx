// A page whose code fails to download: asked for again once, then the error screen in the
// shop's frame, with a Try again that loads the whole page again.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { catalogueHandlers, server, url } from '../test/server';
import { makeProduct, signedIn, user } from '../test/fixtures';

// How many downloads of a page's chunk fail before one comes through, per page. A module once
// loaded stays loaded, as in a browser: each test fails a page no other test opens before it.
const failing = vi.hoisted(() => ({ Search: 0, Categories: 0, Orders: 0 }));

/** chunkOf stands in for a page's module: its next `failing[name]` downloads fail. */
async function chunkOf(name, importOriginal) {
  if (failing[name] > 0) {
    failing[name] -= 1;
    throw new TypeError(`Failed to fetch dynamically imported module: /assets/${name}-abc.js`);
  }
  return importOriginal();
}
vi.mock('./Search', (importOriginal) => chunkOf('Search', importOriginal));
vi.mock('./Categories', (importOriginal) => chunkOf('Categories', importOriginal));
vi.mock('./user/Orders', (importOriginal) => chunkOf('Orders', importOriginal));

describe('a page whose code fails to download', () => {
  it('is asked for again once, and opens', async () => {
    failing.Search = 1;
    const { router } = await renderRoute('/about');
    await router.navigate('/search');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(failing.Search).toBe(0);
  });

  it('fails after the second try with the error screen in the shop\'s frame and a Try again that loads the page anew', async () => {
    failing.Categories = 2;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = await renderRoute('/about');
    await router.navigate('/categories?from=menu');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    // The header stays, to go on from.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go Back' })).not.toBeInTheDocument();

    // Try again is a link the browser follows itself (a new page), not one the router takes.
    const again = screen.getByRole('link', { name: 'Try again' });
    expect(again).toHaveAttribute('href', '/categories?from=menu');
    let followed;
    const browser = (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault(); // jsdom loads no pages
    };
    window.addEventListener('click', browser);
    try {
      again.click();
    } finally {
      window.removeEventListener('click', browser);
    }
    expect(followed).toBe(true);

    // The connection back, the page follows Try again by itself.
    let page = null;
    const load = (event) => {
      page = event.target.getAttribute('href');
      event.preventDefault();
    };
    window.addEventListener('click', load);
    try {
      window.dispatchEvent(new Event('online'));
    } finally {
      window.removeEventListener('click', load);
    }
    expect(page).toBe('/categories?from=menu');
    quiet.mockRestore();
  });

  it('keeps a payment\'s toast on screen when the orders page then fails to download', async () => {
    failing.Orders = 2;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const shirt = makeProduct(1);
    server.use(
      ...catalogueHandlers([shirt]),
      http.post(url('product/process-payment'), () => HttpResponse.json({ success: true, message: 'Paid' }, { status: 201 })),
    );
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt], auth: signedIn(user) });
    await person.type(screen.getByLabelText('Card Number'), '4111111111111111');
    await person.type(screen.getByLabelText('Expiry (MMYY)'), '1230');
    await person.type(screen.getByLabelText('CVV'), '123');
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    expect(await screen.findByText('This page could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/user/orders');
    expect(screen.getByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard/user/orders');
    await waitFor(() => expect(failing.Orders).toBe(0));
    quiet.mockRestore();
  });
});
