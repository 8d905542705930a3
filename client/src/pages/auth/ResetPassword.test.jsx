import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { held, server, url } from '../../test/server';
import { focusDroppedAsDisabled } from '../../test/focus';
import { signedIn } from '../../test/fixtures';

const SENT = 'If an account has this email, a link to reset its password is on its way. It works for 30 minutes.';

/** answerLinks answers reset-link as the server does: 202 and one message for every email. */
function answerLinks() {
  const handler = vi.fn(() => HttpResponse.json({ success: true, message: SENT }, { status: 202 }));
  server.use(http.post(url('auth/reset-link'), handler));
  return handler;
}

async function askFor(person, email) {
  await person.clear(screen.getByLabelText('Email'));
  await person.type(screen.getByLabelText('Email'), email);
  await person.click(screen.getByRole('button', { name: 'SEND LINK' }));
}

describe('Reset by email: asking for the link', () => {
  it('is linked from /forget-password, whose form stays as it is', async () => {
    const { user: person, router } = await renderRoute('/forget-password');
    expect(screen.getByRole('heading', { name: 'RESET PASSWORD' })).toBeInTheDocument();
    expect(screen.getByLabelText('What is your old password')).toBeRequired();
    await person.click(screen.getByRole('link', { name: 'Get a reset link by email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(await screen.findByRole('heading', { name: 'RESET PASSWORD BY EMAIL' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('sends the email and says the same neutral thing whatever the email', async () => {
    const links = answerLinks();
    const { user: person, router } = await renderRoute('/reset-password');
    await askFor(person, 'ada@example.com');
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    await askFor(person, 'nobody@example.com');
    await waitFor(() => expect(links).toHaveBeenCalledTimes(2));
    expect(screen.getByText(SENT)).toBeInTheDocument();
    const bodies = await Promise.all(links.mock.calls.map(([{ request }]) => request.json()));
    expect(bodies).toEqual([{ email: 'ada@example.com' }, { email: 'nobody@example.com' }]);
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('shows the server message when asking is refused', async () => {
    server.use(http.post(url('auth/reset-link'), () =>
      HttpResponse.json({ success: false, message: 'Too many password reset attempts. Please try again later.' }, { status: 429 })));
    const { user: person } = await renderRoute('/reset-password');
    await askFor(person, 'ada@example.com');
    expect(await screen.findByText('Too many password reset attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });

  it('gives the keyboard\'s focus back to SEND LINK after a failure', async () => {
    const answer = held(() => HttpResponse.json({ success: false, message: 'Too many password reset attempts. Please try again later.' }, { status: 429 }));
    server.use(http.post(url('auth/reset-link'), answer.handler));
    const { user: person } = await renderRoute('/reset-password');
    await askFor(person, 'ada@example.com');
    const send = screen.getByRole('button', { name: 'SEND LINK' });
    await focusDroppedAsDisabled(send);
    answer.release();
    expect(await screen.findByText('Too many password reset attempts. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(send).toHaveFocus());
  });
});

describe('Reset by email: the link', () => {
  it('sets the new password with the token and goes to /login with the server message', async () => {
    let body = null;
    server.use(http.post(url('auth/reset-password'), async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ success: true, message: 'Password reset successfully. Please sign in.' });
    }));
    const { user: person, router } = await renderRoute('/reset-password?token=tok-123_abc');
    expect(screen.getByRole('heading', { name: 'CHOOSE A NEW PASSWORD' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeRequired();
    await person.type(screen.getByLabelText('New Password'), 'brand-new-secret');
    await person.click(screen.getByRole('button', { name: 'RESET' }));
    expect(await screen.findByText('Password reset successfully. Please sign in.')).toBeInTheDocument();
    expect(body).toEqual({ token: 'tok-123_abc', newpassword: 'brand-new-secret' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs this browser out: the reset ended the session it held', async () => {
    server.use(http.post(url('auth/reset-password'), () =>
      HttpResponse.json({ success: true, message: 'Password reset successfully. Please sign in.' })));
    const { user: person, router } = await renderRoute('/reset-password?token=tok', { auth: signedIn() });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await person.type(screen.getByLabelText('New Password'), 'brand-new-secret');
    await person.click(screen.getByRole('button', { name: 'RESET' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });

  it('stays and shows the server message for a used or expired link, offering a new one', async () => {
    server.use(http.post(url('auth/reset-password'), () =>
      HttpResponse.json({ success: false, message: 'This reset link is invalid or has expired.' }, { status: 400 })));
    const { user: person, router } = await renderRoute('/reset-password?token=old');
    await person.type(screen.getByLabelText('New Password'), 'brand-new-secret');
    await person.click(screen.getByRole('button', { name: 'RESET' }));
    expect(await screen.findByText('This reset link is invalid or has expired.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    await person.click(screen.getByRole('link', { name: 'Ask for a new one' }));
    expect(await screen.findByRole('heading', { name: 'RESET PASSWORD BY EMAIL' })).toBeInTheDocument();
  });

  it('shows Something went wrong when the call fails without a message', async () => {
    server.use(http.post(url('auth/reset-password'), () => HttpResponse.error()));
    const { user: person } = await renderRoute('/reset-password?token=t');
    await person.type(screen.getByLabelText('New Password'), 'brand-new-secret');
    await person.click(screen.getByRole('button', { name: 'RESET' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('gives the keyboard\'s focus back to RESET after a failure', async () => {
    const answer = held(() => HttpResponse.json({ success: false, message: 'This reset link is invalid or has expired.' }, { status: 400 }));
    server.use(http.post(url('auth/reset-password'), answer.handler));
    const { user: person } = await renderRoute('/reset-password?token=old');
    await person.type(screen.getByLabelText('New Password'), 'brand-new-secret');
    await person.click(screen.getByRole('button', { name: 'RESET' }));
    const reset = screen.getByRole('button', { name: 'RESET' });
    await focusDroppedAsDisabled(reset);
    answer.release();
    expect(await screen.findByText('This reset link is invalid or has expired.')).toBeInTheDocument();
    await waitFor(() => expect(reset).toHaveFocus());
  });
});
