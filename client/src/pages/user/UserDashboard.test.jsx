import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { held, server, url } from '../../test/server';
import { signedIn, user } from '../../test/fixtures';
import { makeOrder } from '../../components/dashboard/test-fixtures';
import { watchCountdown } from '../../test/countdown';

describe('shopper dashboard home', () => {
  it('shows the name, email, address and phone of the signed-in user', async () => {
    await renderDashboard('/dashboard/user', { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: user.name })).toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    expect(screen.getByText(user.address)).toBeInTheDocument();
    expect(screen.getByText(user.phone)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard/user/profile');
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/user/orders');
  });

  it('sends a signed-out visitor to /login after the countdown, keeping the path', async () => {
    const countdown = watchCountdown();
    const { router } = await renderDashboard('/dashboard/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    countdown.stop();
    expect(countdown.seen.filter((n) => n > 0)).toEqual([3, 2, 1]);
    expect(router.state.location.state).toBe('/dashboard/user');
  });
});

describe('shopper profile', () => {
  it('prefills every field but the password, and keeps the email read-only', async () => {
    await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(user.name);
    expect(screen.getByLabelText('Email')).toHaveValue(user.email);
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Phone')).toHaveValue(user.phone);
    // Phones show their number pad for it.
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Address')).toHaveValue(user.address);
  });

  it('shows SPEC\'s fields only, the new security answer once the shopper asks to change it', async () => {
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    const form = (await screen.findByRole('button', { name: 'Update' })).closest('form');
    const labels = () => [...form.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels()).toEqual(['Name', 'Email', 'Password', 'Phone', 'Address']);
    await person.click(screen.getByRole('button', { name: 'Change security answer' }));
    expect(screen.getByLabelText('New security answer')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Change security answer' })).not.toBeInTheDocument();
    expect(labels()).toEqual(['Name', 'Email', 'Password', 'Phone', 'Address', 'New security answer']);
  });

  it('asks a password manager for a new password under Password and the saved one under Current password only', async () => {
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    expect(await screen.findByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    await person.type(screen.getByLabelText('Password'), 'newsecret');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    await person.click(screen.getByRole('button', { name: 'Change security answer' }));
    expect(screen.getByLabelText('New security answer')).toHaveAttribute('autocomplete', 'off');
  });

  it('sends the form, replaces the session user and stored auth, and says so', async () => {
    let sent;
    const updatedUser = { ...user, name: 'Ada Byron', address: '2 Engine Rd' };
    server.use(
      http.put(url('auth/profile'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'updated', updatedUser, token: 'token-new' });
      }),
    );
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    const name = await screen.findByLabelText('Name');
    await person.clear(name);
    await person.paste('Ada Byron');
    await person.clear(screen.getByLabelText('Address'));
    await person.paste('2 Engine Rd');
    await person.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Ada Byron',
      email: user.email,
      password: '',
      phone: user.phone,
      address: '2 Engine Rd',
    });
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual({ user: updatedUser, token: 'token-new' });
  });

  // The server keeps a field sent empty as it was: the form stayed blank under "Profile Updated
  // Successfully", as if the name and phone were gone.
  it('shows the name, phone and address as saved after an update, not a field left blank', async () => {
    const updatedUser = { ...user, address: '2 Engine Rd' };
    server.use(http.put(url('auth/profile'), () => HttpResponse.json({ success: true, updatedUser })));
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.clear(await screen.findByLabelText('Name'));
    await person.clear(screen.getByLabelText('Phone'));
    await person.clear(screen.getByLabelText('Address'));
    await person.paste('2 Engine Rd');
    await person.click(screen.getByLabelText('Password'));
    await person.paste('newsecret');
    await person.click(screen.getByLabelText('Current password'));
    await person.paste('oldsecret');
    await person.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(user.name));
    expect(screen.getByLabelText('Phone')).toHaveValue(user.phone);
    expect(screen.getByLabelText('Address')).toHaveValue('2 Engine Rd');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('asks for the current password only once a new password is typed, and sends both', async () => {
    let sent;
    server.use(
      http.put(url('auth/profile'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, updatedUser: user, token: 'token-new' });
      }),
    );
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByLabelText('Password'));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await person.paste('newsecret');
    await person.click(screen.getByLabelText('Current password'));
    await person.paste('oldsecret');
    await person.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(sent).toEqual({
      name: user.name,
      email: user.email,
      password: 'newsecret',
      currentPassword: 'oldsecret',
      phone: user.phone,
      address: user.address,
    });

    // The password is saved: the next save (an address) sends no password, and asks for none.
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await person.clear(screen.getByLabelText('Address'));
    await person.type(screen.getByLabelText('Address'), '7 New Road');
    await person.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent.address).toBe('7 New Road'));
    expect(sent).not.toHaveProperty('currentPassword');
    expect(sent.password).toBe('');
  });

  it('changes the security answer with the current password', async () => {
    let sent;
    server.use(
      http.put(url('auth/profile'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, updatedUser: user });
      }),
    );
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByRole('button', { name: 'Change security answer' }));
    await person.click(screen.getByLabelText('New security answer'));
    await person.paste('green');
    await person.click(screen.getByLabelText('Current password'));
    await person.paste('oldsecret');
    await person.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(sent).toMatchObject({ password: '', answer: 'green', currentPassword: 'oldsecret' });
  });

  it('shows the refusal of a wrong current password and keeps the session', async () => {
    server.use(
      http.put(url('auth/profile'), () =>
        HttpResponse.json(
          { success: false, error: 'Current password is wrong.', message: 'Current password is wrong.' },
          { status: 400 },
        ),
      ),
    );
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByLabelText('Password'));
    await person.paste('newsecret');
    await person.click(screen.getByLabelText('Current password'));
    await person.paste('guess');
    await person.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Current password is wrong.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual({ user, token: 'token-123' });
  });

  it('keeps the old token when the answer carries none', async () => {
    const updatedUser = { ...user, phone: '555-0199' };
    server.use(http.put(url('auth/profile'), () => HttpResponse.json({ success: true, updatedUser })));
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual({ user: updatedUser, token: 'token-123' });
  });

  it('keeps a shopper who logged out while the save was under way logged out', async () => {
    const answer = held(() => HttpResponse.json({ success: true, updatedUser: { ...user, phone: '555-0199' } }));
    server.use(http.put(url('auth/profile'), answer.handler));
    const { user: person, router } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByRole('button', { name: 'Update' }));
    await person.click(screen.getByRole('button', { name: /account menu/i }));
    await person.click(screen.getByRole('link', { name: 'Logout' }));
    // Signed out and on the login page before the save's answer comes (the header may draw
    // Login on the page being left first, then anew on /login).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth')).toBeNull();
    await screen.findByRole('link', { name: 'Login' });
    answer.release();

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows the error field of a refused update', async () => {
    server.use(
      http.put(url('auth/profile'), () =>
        HttpResponse.json(
          { success: false, error: 'Password is required and 6 character long', message: 'invalid password' },
          { status: 400 },
        ),
      ),
    );
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByLabelText('Password'));
    await person.paste('123');
    await person.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Password is required and 6 character long')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth')).user).toEqual(user);
  });

  it('shows the server message when the call fails with one', async () => {
    server.use(http.put(url('auth/profile'), () => HttpResponse.json({ success: false, message: 'Session expired' }, { status: 401 })));
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
  });

  it('shows Something went wrong when the call fails without a message', async () => {
    server.use(http.put(url('auth/profile'), () => HttpResponse.error()));
    const { user: person } = await renderDashboard('/dashboard/user/profile', { auth: signedIn() });
    await person.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('shopper orders', () => {
  const orders = [makeOrder(1, { age: 5, count: 2 }), makeOrder(2, { age: 1, count: 3, status: 'Shipped' }), makeOrder(3, { age: 9 })];

  it('shows please wait... and then the orders newest first', async () => {
    const answer = held(() => HttpResponse.json(orders));
    server.use(http.get(url('auth/orders'), answer.handler));
    await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    expect(await screen.findByText('please wait...')).toBeInTheDocument();
    answer.release();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    // The banner is drawn above the heading, for the eye only: it only decorates.
    const banner = screen.getByRole('heading', { name: 'Orders' }).previousElementSibling;
    expect(banner.tagName).toBe('svg');
    expect(banner).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img', { name: 'Orders banner' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'Order #1' })).toBeInTheDocument();
    expect(first.getByText('a day ago')).toBeInTheDocument();
    expect(first.getByText('Shipped')).toBeInTheDocument();
    expect(first.getByText('Buyer 2')).toBeInTheDocument();
    expect(first.getByText('Success')).toBeInTheDocument();
    expect(first.getByText('3')).toBeInTheDocument();
    expect(within(cards[1]).getByText('5 days ago')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Buyer 1')).toBeInTheDocument();
    expect(within(cards[2]).getByRole('heading', { name: 'Order #3' })).toBeInTheDocument();
    expect(within(cards[2]).getByText('9 days ago')).toBeInTheDocument();
    expect(screen.queryByText('please wait...')).not.toBeInTheDocument();
  });

  it('shows each product with its photo, name, 30-character preview and rupee price', async () => {
    const order = makeOrder(4, { count: 1 });
    server.use(http.get(url('auth/orders'), () => HttpResponse.json([order])));
    await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    const product = order.products[0];
    const photo = await screen.findByRole('img', { name: product.name });
    expect(photo).toHaveAttribute('src', expect.stringContaining(`/api/v1/product/product-photo/${product._id}`));
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveStyle({ height: '150px' });
    expect(screen.getByText(product.name, { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getByText(product.description.substring(0, 30))).toBeInTheDocument();
    expect(screen.getByText(`₹${product.price}`)).toBeInTheDocument();
  });

  it('shows a placeholder when a product photo cannot load', async () => {
    const order = makeOrder(5);
    server.use(http.get(url('auth/orders'), () => HttpResponse.json([order])));
    await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    const photo = await screen.findByRole('img', { name: order.products[0].name });
    photo.dispatchEvent(new Event('error'));
    await waitFor(() => expect(photo.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
  });

  it('logs a failed fetch without a message, and offers Try again', async () => {
    let calls = 0;
    server.use(http.get(url('auth/orders'), () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })
        : HttpResponse.json([makeOrder(1)]);
    }));
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user: person } = await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(spy).toHaveBeenCalled();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await person.click(retry);
    expect(await screen.findByRole('article', { name: 'Order #1' })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('says what to do when there are no orders yet', async () => {
    await renderDashboard('/dashboard/user/orders', { auth: signedIn() });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/shop');
  });
});
