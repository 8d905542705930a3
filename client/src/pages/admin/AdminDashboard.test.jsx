import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { server, url } from '../../test/server';
import { admin, signedIn, user } from '../../test/fixtures';
import { watchCountdown } from '../../test/countdown';

describe('admin dashboard home', () => {
  it('shows the admin name, email and contact beside the admin menu', async () => {
    await renderDashboard('/dashboard/admin', { auth: signedIn(admin) });
    expect(await screen.findByText(admin.name, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(admin.email, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(admin.phone, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Admin Contact : ${admin.phone}` })).toBeInTheDocument();

    const menu = within(screen.getByRole('navigation', { name: 'Admin Panel' }));
    const links = [
      ['Create Category', '/dashboard/admin/create-category'],
      ['Create Product', '/dashboard/admin/create-product'],
      ['Products', '/dashboard/admin/products'],
      ['Users', '/dashboard/admin/users'],
      ['Orders Processing', '/dashboard/admin/orders'],
    ];
    links.forEach(([name, href]) => expect(menu.getByRole('link', { name })).toHaveAttribute('href', href));
  });

  it('sends a shopper who opens an admin page back to / after the countdown', async () => {
    server.use(http.get(url('auth/admin-auth'), () => HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 })));
    const countdown = watchCountdown();
    const { router } = await renderDashboard('/dashboard/admin/users', { auth: signedIn(user) });
    expect(await screen.findByText(/redirecting to you in \d second/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All Users' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 8000 });
    countdown.stop();
    expect(countdown.seen.filter((n) => n > 0)).toEqual([3, 2, 1]);
    expect(router.state.location.state).toBe('/dashboard/admin/users');
  });
});
