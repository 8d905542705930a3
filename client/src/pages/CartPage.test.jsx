import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onlineManager } from '@tanstack/react-query';
import { renderRoute } from '../test/render';
import { catalogueHandlers, held, server, url } from '../test/server';
import { categories, makeProduct, signedIn, user } from '../test/fixtures';
import { toastTexts } from '../test/list-failure';
import { tee } from '../components/variants/test-fixtures';
import { cartItem } from '../components/variants/variants';

const shirt = makeProduct(1, { price: 499.5, description: 'A soft cotton shirt with long sleeves, two pockets and a relaxed fit for every day.' });
const jeans = makeProduct(2, { price: 1200 });

async function fillCard(person, { number = '4111111111111111', expiry = '1230', cvv = '123' } = {}) {
  if (number) await person.type(screen.getByLabelText('Card Number'), number);
  if (expiry) await person.type(screen.getByLabelText('Expiry (MMYY)'), expiry);
  if (cvv) await person.type(screen.getByLabelText('CVV'), cvv);
}

describe('Cart page', () => {
  beforeEach(() => server.use(...catalogueHandlers([shirt, jeans])));

  it('lists each line with a 50-character preview, Remove, and the plain-sum total in rupees', async () => {
    await renderRoute('/cart', { cart: [shirt, jeans, shirt] });
    const lines = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]).getByText(shirt.description.substring(0, 50))).toBeInTheDocument();
    expect(within(lines[0]).getByText('Price : ₹499.5')).toBeInTheDocument();
    expect(within(lines[0]).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(lines[0]).getByRole('img', { name: shirt.name })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Total : ₹2199')).toBeInTheDocument();
    expect(screen.getByText(/You have 3 item\(s\) in your cart/)).toBeInTheDocument();
  });

  it('says so when the cart is empty', async () => {
    await renderRoute('/cart');
    expect(screen.getByText('Your Cart Is Empty')).toBeInTheDocument();
    expect(screen.getByText('Total : ₹0')).toBeInTheDocument();
  });

  it('removes one matching entry and saves the cart', async () => {
    const { user: person } = await renderRoute('/cart', { cart: [shirt, jeans, shirt] });
    const lines = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    await person.click(within(lines[2]).getByRole('button', { name: 'Remove' }));
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p1', 'p2']);
    expect(within(screen.getByRole('link', { name: /cart/i })).getByText('2')).toBeInTheDocument();
  });

  it('takes one line out on a double click of Remove: the second click lands on the next line\'s Remove', async () => {
    await renderRoute('/cart', { cart: [shirt, jeans] });
    const removes = () => within(screen.getByRole('list', { name: 'Cart items' })).queryAllByRole('button', { name: 'Remove' });
    // A double click's clicks come with detail 1 and 2, at one place: the second on the button
    // that moved under the pointer.
    fireEvent.click(removes()[0], { detail: 1 });
    fireEvent.click(removes()[0], { detail: 2 });
    expect(removes()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p2']);
    fireEvent.click(removes()[0], { detail: 0 }); // Enter or Space on the button
    expect(screen.getByText('Your Cart Is Empty')).toBeInTheDocument();
  });

  it('says before Pay that one payment takes at most 100 items, and pays once the cart is back to 100', async () => {
    let paid = 0;
    server.use(http.post(url('product/process-payment'), () => {
      paid += 1;
      return HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
    }));
    const { user: person } = await renderRoute('/cart', { cart: Array(101).fill(shirt), auth: signedIn(user) });
    const pay = await screen.findByRole('button', { name: /^Pay\b/ });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('One payment takes at most 100 items: remove 1 to pay, and buy them in another order.');
    await person.click(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('button', { name: 'Remove' })[0]);
    expect(pay).toBeEnabled();
    expect(paid).toBe(0);
  });

  it('keeps the keyboard in the cart after Remove: on the next line\'s Remove, else the count', async () => {
    const { user: person } = await renderRoute('/cart', { cart: [shirt, jeans, shirt] });
    const removes = () => within(screen.getByRole('list', { name: 'Cart items' })).queryAllByRole('button', { name: 'Remove' });
    await person.click(removes()[0]);
    expect(removes()[0]).toHaveFocus(); // the line that took its place
    await person.click(removes()[1]);
    expect(removes()[0]).toHaveFocus(); // the last line went: the one before it
    await person.click(removes()[0]);
    expect(screen.getByText('Your Cart Is Empty')).toHaveFocus();
  });

  it('asks a signed-out visitor to log in, returning to /cart', async () => {
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt] });
    expect(screen.queryByRole('button', { name: /^Pay\b/ })).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Please Login to Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toBe('/cart');
  });

  it('shows the signed-in shopper\'s address with Update Address', async () => {
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt], auth: signedIn(user) });
    expect(screen.getByText('Current Address')).toBeInTheDocument();
    expect(screen.getByText(user.address)).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(router.state.location.pathname).toBe('/dashboard/user/profile');
  });

  it('blocks incomplete card details without calling the server', async () => {
    let called = false;
    server.use(http.post(url('product/process-payment'), () => {
      called = true;
      return HttpResponse.json({ success: true }, { status: 201 });
    }));
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt], auth: signedIn(user) });
    await fillCard(person, { cvv: '12' });
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    expect(await screen.findByText('Please fill in the correct details')).toBeInTheDocument();
    // The toast is the page's one status: the cart's count line beside it is a live line, not
    // a second status to be taken for the toast.
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Please fill in the correct details']);
    expect(screen.getByText(/^You have 1 item/)).toHaveAttribute('aria-live', 'polite');
    expect(called).toBe(false);
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled();
  });

  it('pays with the nonce, the cart and an Idempotency-Key, then empties the cart and opens the orders', async () => {
    let request = null;
    server.use(http.post(url('product/process-payment'), async ({ request: req }) => {
      request = { body: await req.json(), key: req.headers.get('Idempotency-Key'), auth: req.headers.get('Authorization') };
      return HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
    }));
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt, jeans], auth: signedIn(user) });
    await fillCard(person);
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(request.body.nonce).toEqual(expect.any(String));
    expect(request.body.nonce.length).toBeGreaterThan(0);
    expect(request.body.cart.map((p) => p._id)).toEqual(['p1', 'p2']);
    expect(request.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.auth).toBe('token-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/orders'));
    expect(JSON.parse(localStorage.getItem('cart'))).toEqual([]);
  });

  it('disables Pay while paying and re-enables it silently on failure, retrying under the same key', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const keys = [];
    let release;
    server.use(http.post(url('product/process-payment'), async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      await new Promise((resolve) => { release = resolve; });
      return HttpResponse.json({ success: false, message: 'Your card was declined' }, { status: 402 });
    }));
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt], auth: signedIn(user) });
    await fillCard(person);
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeDisabled());
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText('Your card was declined')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(JSON.parse(localStorage.getItem('cart'))).toHaveLength(1);

    release = undefined;
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // The key waits beside the cart it pays for, which every tab shares; nothing else is stored.
    expect(JSON.parse(localStorage.getItem('checkout')).key).toBe(keys[0]);
    expect(Object.keys(localStorage).sort()).toEqual(['auth', 'cart', 'checkout']);
  });

  it('keeps Remove waiting while paying, and leaves in the cart only the lines not paid for', async () => {
    const payment = held(() => HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 }));
    let sent = null;
    server.use(http.post(url('product/process-payment'), async (args) => {
      sent = (await args.request.clone().json()).cart.map((p) => p._id);
      return payment.handler(args);
    }));
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt, jeans], auth: signedIn(user) });
    await fillCard(person);
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    await waitFor(() => expect(sent).toEqual(['p1', 'p2']));
    const removes = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('button', { name: 'Remove' });
    removes.forEach((button) => expect(button).toBeDisabled());
    // Another tab adds a shirt while this one pays.
    localStorage.setItem('cart', JSON.stringify([shirt, jeans, shirt]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: localStorage }));
    payment.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/orders'));
    expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p1']);
  });

  it('keeps a line added in another tab while Pay checks the shop, also when the check brings the cart up to date', async () => {
    const sold = [shirt, jeans];
    let gate = null;
    server.use(
      http.get(url('product/get-product/:slug'), async ({ params }) => {
        if (gate) await gate.promise;
        const product = sold.find((p) => p._id === params.slug);
        return HttpResponse.json({ success: true, product });
      }),
      http.post(url('product/process-payment'), () => HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 })),
    );
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt, jeans], auth: signedIn(user) });
    await fillCard(person);
    sold[1] = { ...jeans, quantity: jeans.quantity - 1 }; // another shopper's sale: the stock moves, not the price
    let open;
    gate = { promise: new Promise((resolve) => { open = resolve; }) };
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    localStorage.setItem('cart', JSON.stringify([shirt, jeans, shirt]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: localStorage }));
    gate = null;
    open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/orders'));
    expect(JSON.parse(localStorage.getItem('cart')).map((p) => p._id)).toEqual(['p1']);
  });

  it('tries Pay at once while offline and gives Pay back when it fails, never paying later by itself', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let calls = 0;
    server.use(http.post(url('product/process-payment'), () => {
      calls += 1;
      return HttpResponse.error();
    }));
    const { user: person, router } = await renderRoute('/cart', { cart: [shirt], auth: signedIn(user) });
    await fillCard(person);
    onlineManager.setOnline(false);
    try {
      await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
      await waitFor(() => expect(calls).toBe(1));
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    } finally {
      onlineManager.setOnline(true);
    }
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    expect(calls).toBe(1);
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('retries a checkout whose answer was lost under its key; a paid or changed cart gets a new one', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const keys = [];
    let answers = [() => HttpResponse.error(), () => HttpResponse.error()];
    server.use(http.post(url('product/process-payment'), ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      const answer = answers.shift();
      return answer ? answer() : HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
    }));
    const pay = async (person) => {
      const before = keys.length;
      await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
      await waitFor(() => expect(keys).toHaveLength(before + 1));
    };

    // Two attempts of one cart whose answers are lost, then one with the cart changed.
    const first = await renderRoute('/cart', { cart: [jeans, shirt], auth: signedIn(user) });
    await fillCard(first.user);
    await pay(first.user);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    await pay(first.user);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    expect(keys[1]).toBe(keys[0]);
    await first.user.click(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('button', { name: /Remove/ })[1]);
    await pay(first.user);
    expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(keys[2]).not.toBe(keys[0]);
    first.unmount();

    // After the payment, the same lines bought again are a new checkout.
    answers = [];
    const second = await renderRoute('/cart', { cart: [jeans], auth: signedIn(user) });
    await fillCard(second.user);
    await pay(second.user);
    expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(new Set(keys.slice(1)).size).toBe(3);
    expect(log).toHaveBeenCalled();
  });

  it('pays a cart whose answer was lost, reopened in a new tab, under the same key: charged once', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const keys = [];
    let lost = true;
    server.use(http.post(url('product/process-payment'), ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return lost ? HttpResponse.error() : HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
    }));
    const first = await renderRoute('/cart', { cart: [jeans, shirt], auth: signedIn(user) });
    await fillCard(first.user);
    await first.user.click(screen.getByRole('button', { name: /^Pay\b/ }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
    first.unmount();

    // The shop opened in a new tab: the browser's cart and session, a tab's own storage empty.
    sessionStorage.clear();
    lost = false;
    const second = await renderRoute('/cart');
    await fillCard(second.user);
    await second.user.click(screen.getByRole('button', { name: /^Pay\b/ }));
    expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(localStorage.getItem('checkout')).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  describe('with prices and names changed since the lines were added', () => {
    const lineNames = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    const linePrices = () => [...document.querySelectorAll('.cart-line__price')].map((p) => p.textContent);
    const stored = () => JSON.parse(localStorage.getItem('cart'));
    const teeLSand = cartItem(tee, tee.variants[4]); // L Sand, added at its own price of 650

    it('shows today\'s prices, in the total, on Pay and in the stored cart, showing the kept ones meanwhile', async () => {
      const shirtNow = { ...shirt, price: 550 };
      const teeNow = { ...tee, variants: tee.variants.map((v) => (v._id === 'v5' ? { ...v, price: 700 } : v)) };
      const shirtAnswer = held(() => HttpResponse.json({ success: true, product: shirtNow }));
      server.use(...catalogueHandlers([teeNow]));
      server.use(http.get(url('product/get-product/p1'), shirtAnswer.handler));
      await renderRoute('/cart', { cart: [shirt, teeLSand, shirt], auth: signedIn(user) });
      // Until the shop answers, the cart is usable with the prices it kept.
      expect(screen.getByText('Total : ₹1649')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled();
      shirtAnswer.release();

      await waitFor(() => expect(linePrices()).toEqual(['Price : ₹550', 'Price : ₹700', 'Price : ₹550']));
      expect(screen.getByText('Total : ₹1800')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹1800');
      await waitFor(() => expect(stored().map((p) => p.price)).toEqual([550, 700, 550]));
      expect(stored()[1].variant).toEqual({ _id: 'v5', sku: 'TEE-L-Sand', options: { Size: 'L', Colour: 'Sand' } });
      expect(screen.queryByText(/No longer sold/)).not.toBeInTheDocument();
      expect(toastTexts()).toEqual([]);
    });

    it('follows a product renamed and moved to another category to its new name, looking it up by id', async () => {
      const renamed = { ...shirt, name: 'Oxford Shirt', slug: 'oxford-shirt', price: 520, category: categories[2] };
      const asked = [];
      server.use(http.get(url('product/get-product/:slug'), ({ params }) => {
        asked.push(params.slug);
        const product = [renamed, jeans].find((p) => p._id === params.slug);
        return product
          ? HttpResponse.json({ success: true, product })
          : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
      }));
      await renderRoute('/cart', { cart: [shirt, jeans] });
      await waitFor(() => expect(lineNames()).toEqual(['Oxford Shirt', jeans.name]));
      expect(screen.getByText('Total : ₹1720')).toBeInTheDocument();
      expect(screen.queryByText(/No longer sold/)).not.toBeInTheDocument();
      await waitFor(() => expect(stored()[0]).toMatchObject({ _id: 'p1', name: 'Oxford Shirt', slug: 'oxford-shirt' }));
      expect(asked.sort()).toEqual(['p1', 'p2']);
    });

    it('asks the shop again each time the cart opens, so a price changed meanwhile shows', async () => {
      let price = 499.5;
      server.use(http.get(url('product/get-product/p1'), () => HttpResponse.json({ success: true, product: { ...shirt, price } })));
      const { router } = await renderRoute('/cart', { cart: [shirt], auth: signedIn(user) });
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹499.5'));
      await router.navigate('/');
      await waitFor(() => expect(screen.queryByRole('list', { name: 'Cart items' })).not.toBeInTheDocument());
      price = 150;
      await router.navigate('/cart');
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹150'));
      expect(screen.getByText('Total : ₹150')).toBeInTheDocument();
    });

    it('does not pay when a price changed since the page showed it: it shows the new amount, says so, and pays it on the next click', async () => {
      vi.spyOn(console, 'log').mockImplementation(() => {});
      let price = 111;
      const paid = [];
      server.use(
        http.get(url('product/get-product/p1'), () => HttpResponse.json({ success: true, product: { ...shirt, price } })),
        http.post(url('product/process-payment'), async ({ request }) => {
          paid.push((await request.json()).cart.map((p) => p.price));
          return HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
        }),
      );
      const { user: person, router } = await renderRoute('/cart', { cart: [{ ...shirt, price: 111 }, jeans], auth: signedIn(user) });
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹1311'));
      price = 150; // the admin reprices while the cart is open
      await fillCard(person);
      await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
      expect(await screen.findByText('Prices in your cart changed; please check the total.')).toHaveAttribute('aria-live', 'polite');
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹1350');
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled());
      expect(screen.getByText('Total : ₹1350')).toBeInTheDocument();
      expect(stored().map((p) => p.price)).toEqual([150, 1200]);
      expect(paid).toEqual([]);
      expect(toastTexts()).toEqual([]);
      // Removing a line is the shopper's own change: the notice goes.
      await person.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
      await waitFor(() => expect(screen.queryByText('Prices in your cart changed; please check the total.')).not.toBeInTheDocument());
      paid.length = 0;

      await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
      expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
      expect(paid).toEqual([[150]]);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/orders'));
    });

    it('pays on the first click when only the stock changed since the page showed the cart', async () => {
      vi.spyOn(console, 'log').mockImplementation(() => {});
      let quantity = shirt.quantity;
      const paid = [];
      server.use(
        http.get(url('product/get-product/p1'), () => HttpResponse.json({ success: true, product: { ...shirt, quantity } })),
        http.post(url('product/process-payment'), async ({ request }) => {
          paid.push((await request.json()).cart.map((p) => p._id));
          return HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
        }),
      );
      const { user: person, router } = await renderRoute('/cart', { cart: [shirt, jeans], auth: signedIn(user) });
      await waitFor(() => expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹1699.5'));
      quantity = 2; // another shopper buys some while the cart is open
      await fillCard(person);
      await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
      expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
      expect(paid).toEqual([['p1', 'p2']]);
      expect(screen.queryByText('Prices in your cart changed; please check the total.')).not.toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/orders'));
    });

    it('says so on the lines of an item the cart holds more of than the shop has, and still lets Pay try', async () => {
      const teeMNavy = cartItem(tee, tee.variants[1]); // 2 left
      server.use(...catalogueHandlers([{ ...shirt, quantity: 0 }, jeans, tee]));
      await renderRoute('/cart', { cart: [teeMNavy, shirt, teeMNavy, jeans, teeMNavy], auth: signedIn(user) });
      const lines = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
      await waitFor(() => expect(within(lines()[0]).getByText('Only 2 left: your cart has 3.')).toBeInTheDocument());
      expect(within(lines()[2]).getByText('Only 2 left: your cart has 3.')).toBeInTheDocument();
      expect(within(lines()[4]).getByText('Only 2 left: your cart has 3.')).toBeInTheDocument();
      expect(within(lines()[1]).getByText('Sold out: remove it to check out.')).toBeInTheDocument();
      expect(within(lines()[3]).queryByText(/left|Sold out/)).not.toBeInTheDocument();
      // Beside Pay too, where a phone shows it: the lines may be far above.
      expect(screen.getByText('Some items are sold out or short of stock: see the marked lines.')).toBeInTheDocument();
      // Checkout decides: Pay is not held back (SPEC: a refused payment gives Pay back).
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled();
      expect(toastTexts()).toEqual([]);
    });

    it('says nothing of stock while the shop has not answered, or when the cart holds what it has', async () => {
      const answer = held(() => HttpResponse.json({ success: true, product: { ...shirt, quantity: 1 } }));
      server.use(http.get(url('product/get-product/p1'), answer.handler));
      await renderRoute('/cart', { cart: [{ ...shirt, quantity: 0 }, jeans], auth: signedIn(user) });
      expect(screen.queryByText(/left:|Sold out/)).not.toBeInTheDocument(); // the kept lines' stock is old
      answer.release();
      await waitFor(() => expect(JSON.parse(localStorage.getItem('cart'))[0].quantity).toBe(1));
      expect(screen.queryByText(/left:|Sold out|short of stock/)).not.toBeInTheDocument();
    });

    it('marks a line the shop no longer sells, which the shopper can remove, without a toast', async () => {
      // The tee is renamed too: its link goes to it as sold now.
      const teeNow = { ...tee, name: 'Linen Tee II', slug: 'linen-tee-ii', variants: tee.variants.filter((v) => v._id !== 'v5') };
      server.use(...catalogueHandlers([jeans, teeNow]));
      const { user: person } = await renderRoute('/cart', { cart: [shirt, jeans, teeLSand], auth: signedIn(user) });
      const lines = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
      await waitFor(() => expect(within(lines()[0]).getByText('No longer sold: remove it to check out.')).toBeInTheDocument());
      // The tee is still sold, but not in the size and colour chosen: the line says so and leads back to it.
      expect(within(lines()[2]).getByText(/^No longer sold as chosen: remove it to check out\./)).toBeInTheDocument();
      expect(within(lines()[2]).getByRole('link', { name: 'Choose again' })).toHaveAttribute('href', '/product/linen-tee-ii');
      expect(within(lines()[1]).queryByText(/No longer sold/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeDisabled();
      // Pay says why it cannot be used, and each Remove which line it removes.
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Remove the items no longer sold to pay.');
      expect(within(lines()[1]).getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription(jeans.name);
      expect(screen.getByText('Total : ₹2349.5')).toBeInTheDocument(); // still the plain sum of the lines
      expect(screen.getByText(/You have 3 item\(s\) in your cart/)).toBeInTheDocument();
      expect(toastTexts()).toEqual([]);

      await person.click(within(lines()[0]).getByRole('button', { name: 'Remove' }));
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeDisabled();
      await person.click(within(lines()[1]).getByRole('button', { name: 'Remove' }));
      expect(lineNames()).toEqual([jeans.name]);
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeEnabled();
      expect(screen.queryByText(/No longer sold/)).not.toBeInTheDocument();
      expect(stored().map((p) => p._id)).toEqual(['p2']);
      expect(screen.getByRole('button', { name: /^Pay\b/ })).toHaveAccessibleDescription('Total : ₹1200');
    });
  });
});
