import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { held, server, url } from '../../test/server';
import { focusDroppedAsDisabled } from '../../test/focus';
import { user as shopper } from '../../test/fixtures';

function answerLogin(status, body) {
  const seen = {};
  server.use(http.post(url('auth/login'), async ({ request }) => {
    seen.body = await request.json();
    return HttpResponse.json(body, { status });
  }));
  return seen;
}

async function signIn(person, email = 'ada@example.com', password = 'secret1') {
  await person.type(screen.getByLabelText('Email'), email);
  await person.type(screen.getByLabelText('Password'), password);
  await person.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('Login page', () => {
  it('has a required email-type field, a password, a Register link and Forget Password', async () => {
    const { user: person, router } = await renderRoute('/login');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await person.click(screen.getByRole('button', { name: 'Forget Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forget-password'));
  });

  it('stores the session and goes to / on success, showing the server message', async () => {
    const seen = answerLogin(200, { success: true, message: 'Login successfully', user: shopper, token: 'jwt-1' });
    const { user: person, router } = await renderRoute('/login');
    await signIn(person);
    expect(await screen.findByText('Login successfully')).toBeInTheDocument();
    expect(seen.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(localStorage.getItem('auth'))).toEqual({ user: shopper, token: 'jwt-1' });
    expect(screen.getByText('AKL')).toBeInTheDocument();
  });

  it('returns to the path carried in state', async () => {
    answerLogin(200, { success: true, message: 'Login successfully', user: shopper, token: 'jwt-1' });
    const { user: person, router } = await renderRoute('/login', { state: '/cart' });
    await signIn(person);
    expect(await screen.findByText('Login successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('carries the path through Register and Forget Password, back to the page that sent the shopper', async () => {
    answerLogin(200, { success: true, message: 'Login successfully', user: shopper, token: 'jwt-1' });
    server.use(
      http.post(url('auth/register'), () => HttpResponse.json({ success: true, message: 'User Register Successfully' }, { status: 201 })),
      http.post(url('auth/forgot-password'), () => HttpResponse.json({ success: true, message: 'Password Reset Successfully' })),
    );
    const { user: person, router } = await renderRoute('/login', { state: '/cart' });
    await person.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'REGISTER FORM' });
    expect(router.state.location.state).toBe('/cart');
    const fields = { Name: 'Ada King', Email: 'ada@example.com', Password: 'secret1', Phone: '555-0101', Address: '1 Analytical St', 'Confirm Password': 'blue' };
    for (const [label, value] of Object.entries(fields)) await person.type(screen.getByLabelText(label), value);
    await person.click(screen.getByRole('button', { name: 'REGISTER' }));
    await screen.findByRole('heading', { name: 'LOGIN FORM' });
    expect(router.state.location.state).toBe('/cart');

    await person.click(screen.getByRole('button', { name: 'Forget Password' }));
    await screen.findByRole('heading', { name: 'RESET PASSWORD' });
    await person.type(screen.getByLabelText('Email'), 'ada@example.com');
    await person.type(screen.getByLabelText('New Password'), 'secret2');
    await person.type(screen.getByLabelText('What is your old password'), 'blue');
    await person.click(screen.getByRole('button', { name: 'RESET' }));
    await screen.findByRole('heading', { name: 'LOGIN FORM' });

    await signIn(person, 'ada@example.com', 'secret2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('takes the login page\'s place in the history: Back after signing in does not show the form', async () => {
    answerLogin(200, { success: true, message: 'Login successfully', user: shopper, token: 'jwt-1' });
    const { user: person, router } = await renderRoute('/cart', { cart: [] });
    await router.navigate('/login', { state: '/cart' });
    await screen.findByLabelText('Email');
    await signIn(person);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    // The cart's page loads on demand: until it has, the form stays on screen.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'LOGIN FORM' })).not.toBeInTheDocument());
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(screen.queryByRole('heading', { name: 'LOGIN FORM' })).not.toBeInTheDocument();
  });

  it('shows the server message on failure and stays signed out', async () => {
    answerLogin(401, { success: false, message: 'Invalid email or password' });
    const { user: person, router } = await renderRoute('/login');
    await signIn(person, 'ada@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth')).toBeNull();
  });

  // LOGIN is disabled while the call is under way, which took the keyboard's focus to the page:
  // after a refusal a keyboard or screen reader user started again from the top.
  it('gives the keyboard\'s focus back to LOGIN after a failed login', async () => {
    const answer = held(() => HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 }));
    server.use(http.post(url('auth/login'), answer.handler));
    const { user: person } = await renderRoute('/login');
    await signIn(person, 'ada@example.com', 'wrong-password');
    const login = screen.getByRole('button', { name: 'LOGIN' });
    await focusDroppedAsDisabled(login);
    answer.release();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await waitFor(() => expect(login).toHaveFocus());
    expect(login).toBeEnabled();
  });

  it('falls back to Something went wrong without a message', async () => {
    server.use(http.post(url('auth/login'), () => HttpResponse.error()));
    const { user: person } = await renderRoute('/login');
    await signIn(person);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
