// A product bought in a size and colour: the cart line names them, checkout sends the
// variant's id, and both orders pages show the size and colour bought, in the order the
// product's page offers them (the API gives a variant's options in alphabetical order).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { renderDashboard } from '../dashboard/test-render';
import { catalogueHandlers, server, url } from '../../test/server';
import { admin, makeProduct, signedIn, user } from '../../test/fixtures';
import { makeOrder } from '../dashboard/test-fixtures';
import { cartItem } from './variants';
import { tee } from './test-fixtures';
import { wholeText } from '../../test/text';

/** The tee's M Navy, its options in the API's (alphabetical) order. */
const alphabetical = (variant) =>
  ({ ...variant, options: { Colour: variant.options.Colour, Size: variant.options.Size } });
const navyM = cartItem(tee, alphabetical(tee.variants[1]));
const plain = makeProduct(2);

/** An order of the tee in M Navy and a product sold without options. */
const order = (() => {
  const o = makeOrder(1, { count: 2 });
  o.products[0] = { ...o.products[0], name: 'Linen Tee', variant: navyM.variant };
  return o;
})();
const answerOrders = (path) =>
  server.use(http.get(url(path), () => HttpResponse.json([order], { headers: { 'X-Total-Count': '1' } })));

describe('variants in the cart, at checkout and on orders', () => {
  beforeAll(() => import('../../pages/admin/AdminOrders'));
  beforeEach(() => server.use(...catalogueHandlers([tee, plain])));

  it('shows the size and colour on a cart line, none for a product without options', async () => {
    await renderRoute('/cart', { cart: [navyM, plain] });
    const lines = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(within(lines[0]).getByText(wholeText('Size: M, Colour: Navy'))).toBeInTheDocument();
    expect(lines[1].querySelector('.variant-text')).toBeNull();
    expect(screen.getByText('Total : ₹700')).toBeInTheDocument();
  });

  it('names a cart line\'s options in its product\'s order, whatever order the variant gives', async () => {
    const colourFirst = { ...tee, _id: 'p21', slug: 'linen-tee-2', options: [...tee.options].reverse() };
    server.use(...catalogueHandlers([colourFirst]));
    await renderRoute('/cart', { cart: [cartItem(colourFirst, alphabetical(tee.variants[1]))] });
    expect(await screen.findByText(wholeText('Colour: Navy, Size: M'))).toBeInTheDocument();
  });

  it('puts Size first on an order line, then the other options as given', async () => {
    const fitted = makeOrder(2);
    fitted.products[0] = {
      ...fitted.products[0],
      variant: { _id: 'v9', sku: 'J-32-SLIM-INK', options: { Colour: 'Ink', Fit: 'Slim', Size: '32' } },
    };
    server.use(http.get(url('auth/orders'), () =>
      HttpResponse.json([fitted], { headers: { 'X-Total-Count': '1' } })));
    await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    expect(await screen.findByText(wholeText('Size: 32, Colour: Ink, Fit: Slim'))).toBeInTheDocument();
  });

  it('sends variantId with each item that has one', async () => {
    let cart = null;
    server.use(http.post(url('product/process-payment'), async ({ request }) => {
      cart = (await request.json()).cart;
      return HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
    }));
    const { user: person } = await renderRoute('/cart', { cart: [navyM, plain, navyM], auth: signedIn(user) });
    await person.type(screen.getByLabelText('Card Number'), '4111111111111111');
    await person.type(screen.getByLabelText('Expiry (MMYY)'), '1230');
    await person.type(screen.getByLabelText('CVV'), '123');
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    await waitFor(() => expect(cart).not.toBeNull());
    expect(cart.map((item) => [item._id, item.variantId])).toEqual([[tee._id, 'v2'], ['p2', undefined], [tee._id, 'v2']]);
    expect(cart[0]).toMatchObject({ name: 'Linen Tee', price: 500 });
  });

  it('shows the size and colour on the shopper\'s orders page', async () => {
    answerOrders('auth/orders');
    await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    expect(await screen.findByText(wholeText('Size: M, Colour: Navy'))).toBeInTheDocument();
    expect(screen.getAllByText(wholeText(/^Size: /))).toHaveLength(1);
  });

  it('shows the size and colour on the admin\'s orders page', async () => {
    answerOrders('auth/all-orders');
    await renderDashboard('/dashboard/admin/orders', { auth: signedIn(admin) });
    expect(await screen.findByText(wholeText('Size: M, Colour: Navy'))).toBeInTheDocument();
    expect(screen.getAllByText(wholeText(/^Size: /))).toHaveLength(1);
  });
});
