import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { server, url } from '../../test/server';
import { signedIn, user } from '../../test/fixtures';
import { watchCountdown } from '../../test/countdown';

describe('Route guards', () => {
  it('counts down from 3 without a token, then goes to /login carrying the path', async () => {
    const countdown = watchCountdown();
    const { router } = await renderRoute('/dashboard/user/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    countdown.stop();
    expect(countdown.seen.filter((n) => n > 0)).toEqual([3, 2, 1]);
    expect(router.state.location.state).toBe('/dashboard/user/orders');
  });

  it('sends a shopper refused by the admin check to / carrying the path', async () => {
    let token = null;
    server.use(http.get(url('auth/admin-auth'), ({ request }) => {
      token = request.headers.get('Authorization');
      return HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 });
    }));
    const countdown = watchCountdown();
    const { router } = await renderRoute('/dashboard/admin/users', { auth: signedIn(user) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 8000 });
    countdown.stop();
    expect(countdown.seen.filter((n) => n > 0)).toEqual([3, 2, 1]);
    expect(router.state.location.state).toBe('/dashboard/admin/users');
    expect(token).toBe('token-123');
  });

  it('lets a signed-in user through once the user check answers ok', async () => {
    let token = null;
    server.use(http.get(url('auth/user-auth'), ({ request }) => {
      token = request.headers.get('Authorization');
      return HttpResponse.json({ ok: true });
    }));
    const { router } = await renderRoute('/dashboard/user', { auth: signedIn(user) });
    await waitFor(() => expect(screen.queryByText(/redirecting to you in/)).not.toBeInTheDocument());
    expect(token).toBe('token-123');
    expect(router.state.location.pathname).toBe('/dashboard/user');
  });
});
