import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { server, url } from '../../test/server';
import { admin, signedIn } from '../../test/fixtures';

const PATH = '/dashboard/admin/users';

const users = Array.from({ length: 23 }, (_, i) => ({
  _id: `u${i + 1}`,
  name: `User ${i + 1}`,
  email: `user${i + 1}@example.com`,
  phone: `555-01${String(i + 1).padStart(2, '0')}`,
  address: 'Somewhere',
  role: 0,
}));

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('admin users', () => {
  beforeAll(() => import('./Users'));

  it('shows name, email and phone, 10 users a page, paged on the client', async () => {
    const all = vi.fn(() => HttpResponse.json({ success: true, users }));
    server.use(http.get(url('auth/all-users'), all));
    const { user } = renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('User 10')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
    ]);
    expect(rows()).toHaveLength(10);
    expect(within(rows()[0]).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'User 1',
      'user1@example.com',
      '555-0101',
    ]);
    expect(screen.queryByText('User 11')).not.toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('User 11')).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(screen.queryByText('User 10')).not.toBeInTheDocument();

    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('User 23')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(all).toHaveBeenCalledTimes(1);
  });

  it('shows Something went wrong when the list fails without a message', async () => {
    server.use(http.get(url('auth/all-users'), () => HttpResponse.error()));
    renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('shows the server message when the list fails with one', async () => {
    server.use(http.get(url('auth/all-users'), () => HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 })));
    renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });
});
