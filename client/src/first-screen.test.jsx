// The home and the shop come with a screen the server drew and the answers of its calls
// (#first-answers). React must take that page over with the same screen at its first render,
// from those answers, without asking the server again; later calls ask the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import firstCallScript from '../public/first-call.js?raw';
import AppProviders from './providers';
import { routes } from './routes';
import { makeQueryClient } from './api/query-client';
import { forgetDrawnAnswers } from './api/first-call';
import { firstScreenReady } from './first-screen';
import { server, url } from './test/server';
import { browseAnswer } from './components/browse/test-browse';
import { categories, makeProduct, products } from './test/fixtures';

const SHOP_CALL = '/api/v1/product/browse?page=1&limit=6&sort=newest';
const HOME_CALL = '/api/v1/product/product-list/1';
const shared = {
  '/api/v1/category/get-category': { success: true, message: 'All categories.', category: categories },
  '/api/v1/config': { success: true, currency: 'inr' },
};

/** drawPage puts the server's answers in the head and a drawn screen in a root, as shopd does. */
function drawPage(answers) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-answers';
  block.textContent = JSON.stringify(answers);
  document.head.append(block);
  const root = document.createElement('div');
  root.innerHTML = '<main><h1>Drawn by the server</h1></main>';
  document.body.append(root);
  return root;
}

/** countCalls counts every call the page makes to the server. */
function countCalls() {
  const calls = vi.fn();
  server.events.on('request:start', ({ request }) => calls(new URL(request.url).pathname));
  return calls;
}

/** watchForSkeletons watches `root` and answers whether a loading skeleton was ever put in it. */
function watchForSkeletons(root) {
  let seen = false;
  const watcher = new MutationObserver((changes) => {
    seen ||= changes.some((change) => [...change.addedNodes].some((node) =>
      node.nodeType === Node.ELEMENT_NODE && (node.matches('.skeleton, [aria-busy="true"]') || node.querySelector('.skeleton, [aria-busy="true"]'))));
  });
  watcher.observe(root, { childList: true, subtree: true });
  return () => {
    watcher.disconnect();
    return seen;
  };
}

/** takeOver runs the client's start-up on a drawn page at `path`: wait for the screen's queries, then render. */
async function takeOver(root, path) {
  const queryClient = makeQueryClient();
  const [pathname, search = ''] = path.split('?');
  await firstScreenReady(root, queryClient, { pathname, search: search && `?${search}` });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  let result;
  await act(async () => {
    result = render(<AppProviders queryClient={queryClient}><RouterProvider router={router} /></AppProviders>, { container: root });
  });
  return result;
}

afterEach(() => {
  document.getElementById('first-answers')?.remove();
  forgetDrawnAnswers();
  server.events.removeAllListeners();
  delete window.firstCall;
});

describe('a page drawn by the server', () => {
  it('is taken over by the shop list at the first render, from the answers in the page', async () => {
    const root = drawPage({ ...shared, [SHOP_CALL]: browseAnswer(products, new URLSearchParams('page=1&limit=6')) });
    window.history.pushState({}, '', '/shop');
    new Function(firstCallScript)();
    expect(window.firstCall).toBeUndefined(); // first-call.js leaves it to the answers in the page
    const calls = countCalls();
    const skeletonsShown = watchForSkeletons(root);
    await takeOver(root, '/shop');
    expect(skeletonsShown()).toBe(false);
    expect(screen.queryByText('Drawn by the server')).toBeNull();
    expect(screen.getByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByText('8 product(s)')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('is taken over by the shop with its long filter lists collapsed as the server draws them', async () => {
    // The markup api/httpapi/firstscreen.html draws for a list of 10 sizes (firstscreen_test.go).
    const drawnButton = '<button type="button" class="link-button filters__more" aria-expanded="false" '
      + 'aria-controls="product-filters-size">Show all 10</button>';
    const waists = ['26', '27', '28', '29', '30', '31', '32', '33', '34', '36'];
    const jeans = makeProduct(1, {
      options: [{ name: 'Size', values: waists }],
      variants: waists.map((Size, i) => ({ _id: `w${i}`, sku: `J${Size}`, options: { Size }, quantity: 1 })),
    });
    const root = drawPage({ ...shared, [SHOP_CALL]: browseAnswer([jeans], new URLSearchParams('page=1&limit=6')) });
    await takeOver(root, '/shop');
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(within(sizes).getAllByRole('checkbox')).toHaveLength(8);
    expect(sizes.querySelector('ul').outerHTML).toMatch(/^<ul class="filters__values" id="product-filters-size">/);
    expect(within(sizes).getByRole('button').outerHTML).toBe(drawnButton);
  });

  it('is taken over by the home with its trending products and category tiles, and asks the server later', async () => {
    const root = drawPage({ ...shared, [HOME_CALL]: { success: true, products: products.slice(0, 6) } });
    const calls = countCalls();
    const skeletonsShown = watchForSkeletons(root);
    await takeOver(root, '/');
    expect(skeletonsShown()).toBe(false);
    const trending = within(screen.getByRole('region', { name: 'Trending Now' }));
    expect(trending.getByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: categories[0].name })).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();

    // Each answer in the page is taken once: the shop list asks the server.
    await userEvent.setup().click(screen.getAllByRole('link', { name: 'Products' })[0]);
    expect(await screen.findByText('8 product(s)')).toBeInTheDocument();
    expect(calls).toHaveBeenCalledWith('/api/v1/product/browse');
  });

  it('waits for nothing when nothing is drawn, or on an address with a query', async () => {
    server.use(http.get(url('product/browse'), () => new Promise(() => {}))); // never answers
    const queryClient = makeQueryClient();
    const empty = document.createElement('div');
    await firstScreenReady(empty, queryClient, { pathname: '/shop', search: '' });
    await firstScreenReady(drawPage(shared), queryClient, { pathname: '/shop', search: '?size=M' });
    await firstScreenReady(drawPage(shared), queryClient, { pathname: '/cart', search: '' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
