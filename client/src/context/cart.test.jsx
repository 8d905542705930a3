// Two tabs of one shopper share one cart: a tab takes up another's save at once, so neither
// writes its older cart over lines the other added, nor shows a cart the other paid for.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { http } from 'msw';
import { catalogueHandlers, server, url } from '../test/server';
import { products } from '../test/fixtures';

/** anotherTab saves `cart` as another tab of the same shop does: storage, then the event. */
function anotherTab(cart) {
  const value = JSON.stringify(cart);
  localStorage.setItem('cart', value);
  act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: value, storageArea: localStorage })));
}

const lineNames = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('heading', { level: 2 })
  .map((h) => h.textContent);

describe('the cart in two tabs', () => {
  it('shows a line another tab added, and keeps it when this tab changes the cart', async () => {
    server.use(...catalogueHandlers(products.slice(0, 3)));
    const { user: person } = await renderRoute('/cart', { cart: [products[0], products[1]] });
    expect(lineNames()).toEqual([products[0].name, products[1].name]);

    anotherTab([products[0], products[1], products[2]]);
    await waitFor(() => expect(lineNames()).toEqual([products[0].name, products[1].name, products[2].name]));

    await person.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p2', 'p3']));
  });

  it('empties when another tab pays for the cart', async () => {
    server.use(...catalogueHandlers(products.slice(0, 1)));
    await renderRoute('/cart', { cart: [products[0]] });
    anotherTab([]);
    expect(await screen.findByText('Your Cart Is Empty')).toBeInTheDocument();
  });

  it('leaves the cart alone for another key', async () => {
    server.use(...catalogueHandlers(products.slice(0, 1)));
    await renderRoute('/cart', { cart: [products[0]] });
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'auth', newValue: null, storageArea: localStorage })));
    expect(lineNames()).toEqual([products[0].name]);
  });
});

describe('a stored cart that is not as the shop wrote it', () => {
  it('keeps only the products in it, with their texts as text', async () => {
    server.use(...catalogueHandlers(products.slice(0, 1)));
    const odd = [null, 7, 'p1', [products[0]], { description: 5 }, { _id: 12, name: 'No id' },
      { ...products[0], name: { first: 'Product' }, description: 5 }];
    await renderRoute('/cart', { cart: odd });
    expect(await screen.findByText('You have 1 item(s) in your cart, please login to checkout')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /cart/i })).getByText('1')).toBeInTheDocument();
    // The line shows the shop's own product once it is in.
    await waitFor(() => expect(lineNames()).toEqual([products[0].name]));
  });

  it('shows the cart at once with the texts it holds made text', async () => {
    server.use(http.get(url('product/get-product/:slug'), () => new Promise(() => {})));
    await renderRoute('/cart', { cart: [null, { ...products[0], name: 5, description: { long: true } }] });
    expect(screen.getByText('You have 1 item(s) in your cart, please login to checkout')).toBeInTheDocument();
    expect(lineNames()).toEqual(['']);
  });
});
