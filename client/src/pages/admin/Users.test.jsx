import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { server, url } from '../../test/server';
import { onePage, pageAsked } from '../../test/paging';
import { admin, signedIn } from '../../test/fixtures';
import { failedList, toastTexts, refusedOnce, retryOffered } from '../../test/list-failure';
import { tabBackInView } from '../../test/tab';

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
// A cell as a screen reader hears it: the column name it shows on phones is aria-hidden.
const heard = (cell) => [...cell.childNodes]
  .filter((node) => node.getAttribute?.('aria-hidden') !== 'true').map((node) => node.textContent).join('');

describe('admin users', () => {
  beforeAll(() => import('./Users'));

  it('shows name, email and phone, 10 users a page from the server', async () => {
    const all = vi.fn(({ request }) => HttpResponse.json({ success: true, users: onePage(users, request), total: users.length }));
    server.use(http.get(url('auth/all-users'), all));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('User 10')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
    ]);
    expect(rows()).toHaveLength(10);
    expect(within(rows()[0]).getAllByRole('cell').map(heard)).toEqual([
      'User 1',
      'user1@example.com',
      '555-0101',
    ]);
    // On phones each cell is led by its column's name, since the header row is out of sight.
    const labels = within(rows()[0]).getAllByRole('cell').map((td) => td.firstChild.textContent);
    expect(labels).toEqual(['Name', 'Email', 'Phone']);
    expect(screen.queryByText('User 11')).not.toBeInTheDocument();
    expect(screen.getByTitle('3')).toBeInTheDocument();
    expect(screen.queryByTitle('4')).not.toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('User 11')).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(screen.queryByText('User 10')).not.toBeInTheDocument();

    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('User 23')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(all.mock.calls.map(([{ request }]) => pageAsked(request))).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
  });

  // The page scrolls to its top for the new page while the focus stayed on Next page, now out
  // of sight at the bottom: a screen reader said nothing of the new page.
  it('takes the keyboard\'s focus to the list\'s heading on a move made with the pager', async () => {
    server.use(http.get(url('auth/all-users'), ({ request }) =>
      HttpResponse.json({ success: true, users: onePage(users, request), total: users.length })));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('User 10')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'All Users' });
    expect(heading).not.toHaveFocus();
    screen.getByTitle('Next Page').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('User 11')).toBeInTheDocument();
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('pages over every user the server counts', async () => {
    server.use(http.get(url('auth/all-users'), () => HttpResponse.json({ success: true, users: users.slice(0, 10), total: 5000 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('User 10')).toBeInTheDocument();
    expect(screen.getByTitle('500')).toBeInTheDocument();
    expect(screen.queryByTitle('501')).not.toBeInTheDocument();
  });

  it('shows Something went wrong when the list fails without a message, and Try again loads it', async () => {
    let fail = true;
    server.use(http.get(url('auth/all-users'), ({ request }) =>
      (fail ? HttpResponse.error() : HttpResponse.json({ success: true, users: onePage(users, request), total: users.length }))));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('Check your connection');
    await waitFor(() => expect(toastTexts()).toEqual(['Something went wrong']));
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('User 10')).toBeInTheDocument();
  });

  it('shows the server message of a refusal once as a toast and in the list, without Try again', async () => {
    server.use(http.get(url('auth/all-users'), () => HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await refusedOnce('Admins only');
  });

  it('offers Try again after a server error, with its message as the toast', async () => {
    server.use(http.get(url('auth/all-users'), () => HttpResponse.json({ success: false, message: 'Store unavailable' }, { status: 503 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await retryOffered('Store unavailable');
  });

  // The list was kept for a minute and never asked again while open: a shopper who had just
  // signed up was missing.
  it('shows the users as they are now when the tab is back in view and on coming back to the list', async () => {
    let list = users.slice(0, 2);
    server.use(http.get(url('auth/all-users'), () => HttpResponse.json({ success: true, users: list, total: list.length })));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('User 2')).toBeInTheDocument();

    list = users.slice(0, 3);
    tabBackInView();
    expect(await screen.findByText('User 3')).toBeInTheDocument();

    list = users.slice(0, 4);
    const menu = () => within(screen.getByRole('navigation', { name: 'Admin Panel' }));
    await user.click(menu().getByRole('link', { name: 'Orders Processing' }));
    await screen.findByRole('heading', { name: 'All Orders' });
    await user.click(menu().getByRole('link', { name: 'Users' }));
    expect(await screen.findByText('User 4')).toBeInTheDocument();
  });

  it('keeps its pager when every user fits on one page (SPEC: a pager)', async () => {
    server.use(http.get(url('auth/all-users'), () =>
      HttpResponse.json({ success: true, users: users.slice(0, 4), total: 4 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('User 4')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
  });

  it('says so when there are no users, with no empty table', async () => {
    server.use(http.get(url('auth/all-users'), () => HttpResponse.json({ success: true, users: [], total: 0 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
