// A session the server no longer accepts (401 to a call that carried its token) ends the way
// Logout ends it, without its toast; a 401 about credentials sent (login) or a 403 does not.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { server, url } from '../test/server';
import { products, signedIn, user } from '../test/fixtures';
import { watchCountdown } from '../test/countdown';

const REFUSED = { success: false, message: 'Please sign in again.' };
const refuse = () => HttpResponse.json(REFUSED, { status: 401 });

function expectSignedOut() {
  expect(localStorage.getItem('auth')).toBeNull();
  const nav = within(screen.getByRole('navigation', { name: 'Main' }));
  expect(nav.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  expect(nav.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  expect(screen.queryByText('LOG-OUT SUCCESSFULLY')).not.toBeInTheDocument();
}

describe('a refused session', () => {
  it('signs out when Pay is answered 401: the cart asks to log in and the header shows Login', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    server.use(http.post(url('product/process-payment'), refuse));
    const { user: person } = await renderRoute('/cart', { cart: [products[0]], auth: signedIn(user) });
    await person.type(screen.getByLabelText('Card Number'), '4242424242424242');
    await person.type(screen.getByLabelText('Expiry (MMYY)'), '1230');
    await person.type(screen.getByLabelText('CVV'), '123');
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    expect(await screen.findByRole('button', { name: 'Please Login to Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay\b/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello Guest' })).toBeInTheDocument();
    expectSignedOut();
    expect(JSON.parse(localStorage.getItem('cart'))).toHaveLength(1);
  });

  it('signs out as the cart opens, before a card is typed, when the server refuses the token', async () => {
    server.use(http.get(url('auth/user-auth'), refuse));
    await renderRoute('/cart', { cart: [products[0]], auth: signedIn(user) });
    expect(await screen.findByRole('button', { name: 'Please Login to Checkout' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card Number')).not.toBeInTheDocument();
    expectSignedOut();
  });

  it('signs out on a dashboard, whose guard still counts down to /login carrying the path', async () => {
    server.use(http.get(url('auth/user-auth'), refuse));
    const countdown = watchCountdown();
    const { router } = await renderRoute('/dashboard/user/orders', { auth: signedIn(user) });
    await waitFor(() => expect(localStorage.getItem('auth')).toBeNull());
    expectSignedOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    countdown.stop();
    expect(countdown.seen.filter((n) => n > 0)).toEqual([3, 2, 1]);
    expect(router.state.location.state).toBe('/dashboard/user/orders');
  });

  it('keeps the session when the login form\'s own credentials are refused, showing the server\'s message', async () => {
    server.use(http.post(url('auth/login'), () =>
      HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 })));
    const { user: person } = await renderRoute('/login', { auth: signedIn(user) });
    await person.type(screen.getByLabelText('Email'), 'someone@example.com');
    await person.type(screen.getByLabelText('Password'), 'wrong-password');
    await person.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual(signedIn(user));
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
  });

  it('keeps the session when a signed-in shopper is refused an admin page (403)', async () => {
    server.use(http.get(url('auth/admin-auth'), () =>
      HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 })));
    const { router } = await renderRoute('/dashboard/admin', { auth: signedIn(user) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3500 });
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual(signedIn(user));
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
  });

  it('leaves a newer session alone when a call made with an older token is refused late', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    let release;
    server.use(
      http.post(url('product/process-payment'), async () => {
        await new Promise((resolve) => { release = resolve; });
        return refuse();
      }),
      http.post(url('auth/login'), () =>
        HttpResponse.json({ success: true, message: 'Login successfully', user, token: 'token-456' })),
    );
    const { user: person, router } = await renderRoute('/cart', { cart: [products[0]], auth: signedIn(user) });
    await person.type(screen.getByLabelText('Card Number'), '4242424242424242');
    await person.type(screen.getByLabelText('Expiry (MMYY)'), '1230');
    await person.type(screen.getByLabelText('CVV'), '123');
    await person.click(screen.getByRole('button', { name: /^Pay\b/ }));
    await waitFor(() => expect(release).toBeTypeOf('function'));
    // The shopper signs in again while the payment made with the old token is on its way.
    await router.navigate('/login');
    await person.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await person.type(screen.getByLabelText('Password'), 'secret1');
    await person.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('auth')).token).toBe('token-456'));
    release();
    // The payment's refusal has landed (a failed payment is logged) and the new session stays.
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 401 })));
    expect(JSON.parse(localStorage.getItem('auth')).token).toBe('token-456');
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
  });

  it('takes up the stored session of another tab instead of removing it, when this tab\'s older token is refused', async () => {
    let release;
    const tokens = [];
    server.use(http.get(url('auth/user-auth'), async ({ request }) => {
      const token = request.headers.get('Authorization');
      tokens.push(token);
      if (token !== 'token-123') return HttpResponse.json({ ok: true });
      await new Promise((resolve) => { release = resolve; });
      return refuse();
    }));
    await renderRoute('/cart', { cart: [products[0]], auth: signedIn(user) });
    await waitFor(() => expect(release).toBeTypeOf('function'));
    // Tab B changes the password: its new token is stored; this tab still holds the old one.
    const tabB = { user: { ...user, name: 'Ada Lovelace' }, token: 'token-456' };
    localStorage.setItem('auth', JSON.stringify(tabB));
    release();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Hello Ada Lovelace' })).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual(tabB);
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay\b/ })).toBeInTheDocument();
    await waitFor(() => expect(tokens).toContain('token-456'));
  });
});

describe('another tab', () => {
  const storageEvent = () => window.dispatchEvent(new StorageEvent('storage', { key: 'auth', storageArea: localStorage }));

  it('signs this tab out when another tab logs out', async () => {
    await renderRoute('/cart', { cart: [products[0]], auth: signedIn(user) });
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
    localStorage.removeItem('auth');
    storageEvent();
    await waitFor(() => expectSignedOut());
    expect(screen.queryByRole('button', { name: /^Pay\b/ })).not.toBeInTheDocument();
  });

  it('takes up another tab\'s sign-in as someone else', async () => {
    await renderRoute('/cart', { cart: [products[0]], auth: signedIn(user) });
    const other = { user: { ...user, _id: 'u9', name: 'Grace Hopper' }, token: 'token-999' };
    localStorage.setItem('auth', JSON.stringify(other));
    storageEvent();
    expect(await screen.findByRole('heading', { name: 'Hello Grace Hopper' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual(other);
  });
});
