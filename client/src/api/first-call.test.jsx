// public/first-call.js starts the page's first call before the scripts arrive and preloads
// the first product's photo: the page must take that answer instead of asking again, and the
// preloaded photo must be the very copy its card picks. These tests run the script itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import firstCallScript from '../../public/first-call.js?raw';
import { renderRoute } from '../test/render';
import { server, url } from '../test/server';
import { browseAnswer } from '../components/browse/test-browse';
import { products } from '../test/fixtures';

/** openWithFirstCall runs first-call.js as the browser would at `path`, then renders `path`. */
function openWithFirstCall(path) {
  window.history.pushState({}, '', path);
  new Function(firstCallScript)();
  return renderRoute(path);
}

const preloadedPhoto = () => document.head.querySelector('link[rel="preload"][as="image"]');

/** countBrowse answers product/browse (failing the first `failures` calls) and counts the calls. */
function countBrowse(failures = 0) {
  const calls = vi.fn();
  server.use(http.get(url('product/browse'), ({ request }) => {
    calls();
    return calls.mock.calls.length <= failures
      ? HttpResponse.json({ success: false, message: 'Error while browsing products' }, { status: 500 })
      : HttpResponse.json(browseAnswer(products, new URL(request.url).searchParams));
  }));
  return calls;
}

afterEach(() => {
  window.history.pushState({}, '', '/');
  delete window.firstCall;
  preloadedPhoto()?.remove();
  vi.restoreAllMocks();
});

describe('the first call started before the scripts', () => {
  it('gives /shop its first page without a second call, and preloads the first card photo', async () => {
    const calls = countBrowse();
    await openWithFirstCall('/shop');
    expect(await screen.findByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(window.firstCall).toBeUndefined();

    const photo = within(screen.getByRole('article', { name: 'Product 1' })).getByRole('img', { hidden: true });
    await waitFor(() => expect(preloadedPhoto()).not.toBeNull());
    expect(preloadedPhoto().getAttribute('imagesrcset')).toBe(photo.getAttribute('srcset'));
    expect(preloadedPhoto().getAttribute('imagesizes')).toBe(photo.getAttribute('sizes'));
    expect(photo).toHaveAttribute('fetchpriority', 'high');
  });

  it('gives the home its product list without a second call, and preloads the first trending photo', async () => {
    const calls = vi.fn();
    server.use(http.get(url('product/product-list/:page'), () => {
      calls();
      return HttpResponse.json({ success: true, products: products.slice(0, 6) });
    }));
    await openWithFirstCall('/');
    const trending = within(await screen.findByRole('region', { name: 'Trending Now' }));
    const photo = (await trending.findAllByRole('img'))[0];
    expect(calls).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(preloadedPhoto()).not.toBeNull());
    expect(preloadedPhoto().getAttribute('imagesrcset')).toBe(photo.getAttribute('srcset'));
    expect(preloadedPhoto().getAttribute('imagesizes')).toBe(photo.getAttribute('sizes'));
    expect(photo).toHaveAttribute('loading', 'eager');
  });

  it('asks again the usual way when the early call failed, and Try again asks the server', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const calls = countBrowse(2);
    const { user } = await openWithFirstCall('/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products.');
    expect(calls).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(3);
    expect(preloadedPhoto()).toBeNull();
  });

  it('starts nothing for a filtered shop or another page', async () => {
    window.history.pushState({}, '', '/shop?size=M');
    new Function(firstCallScript)();
    expect(window.firstCall).toBeUndefined();
    window.history.pushState({}, '', '/cart');
    new Function(firstCallScript)();
    expect(window.firstCall).toBeUndefined();
  });
});
