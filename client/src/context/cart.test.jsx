// Two tabs of one shopper share one cart: a tab takes up another's save at once, so neither
// writes its older cart over lines the other added, nor shows a cart the other paid for.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { catalogueHandlers, server } from '../test/server';
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
