// A reload of /cart after a payment whose answer was lost: the page's scripts start afresh
// (vi.resetModules: nothing kept in memory survives), the browser's storage stays. A file of
// its own: the fresh module graph must not leak into other tests' lazily loaded pages.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { catalogueHandlers, server, url } from '../test/server';
import { makeProduct, signedIn, user } from '../test/fixtures';

const shirt = makeProduct(1, { price: 499.5 });
const jeans = makeProduct(2, { price: 1200 });

async function fillCard(person) {
  await person.type(screen.getByLabelText('Card Number'), '4111111111111111');
  await person.type(screen.getByLabelText('Expiry (MMYY)'), '1230');
  await person.type(screen.getByLabelText('CVV'), '123');
}

describe('Cart page, reloaded', () => {
  it('keeps the checkout\'s key across a reload of the page; a changed cart or a paid one gets a new key', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const keys = [];
    const answers = [() => HttpResponse.error(), () => HttpResponse.error()];
    server.use(http.post(url('product/process-payment'), ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      const answer = answers.shift();
      return answer ? answer() : HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
    }), ...catalogueHandlers([shirt, jeans]));
    let page;
    const reload = async (cart) => {
      page?.unmount();
      vi.resetModules();
      const fresh = await import('../test/render');
      page = await fresh.renderRoute('/cart', { cart, auth: signedIn(user) });
      await fillCard(page.user);
    };
    const pay = async () => {
      const before = keys.length;
      await page.user.click(screen.getByRole('button', { name: /^Pay\b/ }));
      await waitFor(() => expect(keys).toHaveLength(before + 1));
    };
    const payLost = async () => {
      await pay();
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    };
    const payDone = async () => {
      await pay();
      await waitFor(() => expect(page.router.state.location.pathname).toBe('/dashboard/user/orders'));
    };

    await reload([shirt, jeans]);
    await payLost();
    await reload([shirt, jeans]);
    await payLost();
    expect(keys[1]).toBe(keys[0]); // the same checkout: the server answers its first order
    await reload([jeans]);
    await payDone();
    expect(keys[2]).not.toBe(keys[0]); // another cart, another checkout
    await reload([jeans]);
    await payDone();
    expect(keys[3]).not.toBe(keys[2]); // the same lines bought again after a payment
    expect(log).toHaveBeenCalled();
    page.unmount();
  });
});
