import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { held, server, url } from '../../test/server';
import { focusDroppedAsDisabled } from '../../test/focus';
import { admin, signedIn, user } from '../../test/fixtures';

async function fill(person) {
  await person.type(screen.getByLabelText('Email'), 'ada@example.com');
  await person.type(screen.getByLabelText('New Password'), 'newsecret');
  await person.type(screen.getByLabelText('What is your old password'), 'blue');
  await person.click(screen.getByRole('button', { name: 'RESET' }));
}

describe('Forget password page', () => {
  it('has the three required fields', async () => {
    await renderRoute('/forget-password');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('New Password')).toBeRequired();
    expect(screen.getByLabelText('What is your old password')).toBeRequired();
  });

  it('leaves the security answer to the shopper: a password manager fills only the new password', async () => {
    await renderRoute('/forget-password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('What is your old password')).toHaveAttribute('autocomplete', 'off');
  });

  it('resets and goes to /login with the server message', async () => {
    let body = null;
    server.use(http.post(url('auth/forgot-password'), async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ success: true, message: 'Password Reset Successfully' });
    }));
    const { user: person, router } = await renderRoute('/forget-password');
    await fill(person);
    expect(await screen.findByText('Password Reset Successfully')).toBeInTheDocument();
    expect(body).toEqual({ email: 'ada@example.com', newpassword: 'newsecret', answer: 'blue' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs this browser out when it held the account reset, and no other', async () => {
    server.use(http.post(url('auth/forgot-password'), () =>
      HttpResponse.json({ success: true, message: 'Password Reset Successfully' })));
    const own = await renderRoute('/forget-password', { auth: signedIn(user) }); // ada@example.com
    await fill(own.user);
    await waitFor(() => expect(own.router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth')).toBeNull();
    own.unmount();

    const other = await renderRoute('/forget-password', { auth: signedIn(admin) }); // grace@example.com
    await fill(other.user);
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem('auth')).user.email).toBe(admin.email);
  });

  it('shows the server message on failure', async () => {
    server.use(http.post(url('auth/forgot-password'), () =>
      HttpResponse.json({ success: false, message: 'Wrong email or answer' }, { status: 401 })));
    const { user: person, router } = await renderRoute('/forget-password');
    await fill(person);
    expect(await screen.findByText('Wrong email or answer')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forget-password');
  });

  it('gives the keyboard\'s focus back to RESET after a failure', async () => {
    const answer = held(() => HttpResponse.json({ success: false, message: 'Wrong email or answer' }, { status: 401 }));
    server.use(http.post(url('auth/forgot-password'), answer.handler));
    const { user: person } = await renderRoute('/forget-password');
    await fill(person);
    const reset = screen.getByRole('button', { name: 'RESET' });
    await focusDroppedAsDisabled(reset);
    answer.release();
    expect(await screen.findByText('Wrong email or answer')).toBeInTheDocument();
    await waitFor(() => expect(reset).toHaveFocus());
  });
});
