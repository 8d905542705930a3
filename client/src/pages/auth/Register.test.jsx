import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { held, server, url } from '../../test/server';
import { focusDroppedAsDisabled } from '../../test/focus';

const labels = ['Name', 'Email', 'Password', 'Phone', 'Address', 'Confirm Password'];

async function fill(person) {
  const values = ['Ada King', 'ada@example.com', 'secret1', '555-0101', '1 Analytical St', 'blue'];
  for (let i = 0; i < labels.length; i += 1) await person.type(screen.getByLabelText(labels[i]), values[i]);
  await person.click(screen.getByRole('button', { name: 'REGISTER' }));
}

describe('Register page', () => {
  it('has the six required fields and a link to /login', async () => {
    await renderRoute('/register');
    for (const label of labels) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('leaves the security answer (Confirm Password) to the shopper: a password manager fills only the new password', async () => {
    await renderRoute('/register');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'off');
  });

  it('sends the payload and goes to /login with the server message', async () => {
    let body = null;
    server.use(http.post(url('auth/register'), async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ success: true, message: 'User Register Successfully' }, { status: 201 });
    }));
    const { user: person, router } = await renderRoute('/register');
    await fill(person);
    expect(await screen.findByText('User Register Successfully')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Ada King', email: 'ada@example.com', password: 'secret1', phone: '555-0101', address: '1 Analytical St', answer: 'blue' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the server message on failure', async () => {
    server.use(http.post(url('auth/register'), () =>
      HttpResponse.json({ success: false, message: 'Already registered, please login' }, { status: 409 })));
    const { user: person, router } = await renderRoute('/register');
    await fill(person);
    expect(await screen.findByText('Already registered, please login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('gives the keyboard\'s focus back to REGISTER after a failure', async () => {
    const answer = held(() => HttpResponse.json({ success: false, message: 'Already registered, please login' }, { status: 409 }));
    server.use(http.post(url('auth/register'), answer.handler));
    const { user: person } = await renderRoute('/register');
    await fill(person);
    const register = screen.getByRole('button', { name: 'REGISTER' });
    await focusDroppedAsDisabled(register);
    answer.release();
    expect(await screen.findByText('Already registered, please login')).toBeInTheDocument();
    await waitFor(() => expect(register).toHaveFocus());
  });
});
