import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { held, server, url } from '../../test/server';
import { pageAsked, pagedOrders } from '../../test/paging';
import { admin, signedIn } from '../../test/fixtures';
import { failedList, refusedOnce, retryOffered } from '../../test/list-failure';
import { makeOrder } from '../../components/dashboard/test-fixtures';
import { ORDER_STATUSES } from '../../rules';
import { tabBackInView } from '../../test/tab';

const PATH = '/dashboard/admin/orders';

// Seven orders: order n is n days old, so newest first is 1, 2, ... 7.
const orders = [3, 1, 7, 2, 5, 4, 6].map((n) => makeOrder(n, { count: n === 1 ? 2 : 1, status: n === 1 ? 'Shipped' : 'Not Process' }));

const card = (n) => within(screen.getByRole('article', { name: `Order #${n}` }));
const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

/** answerOrders answers all-orders a page at a time from the current `list`, counting the calls. */
function answerOrders(list) {
  const handler = vi.fn(pagedOrders(list));
  server.use(http.get(url('auth/all-orders'), handler));
  return handler;
}

/** asked lists the page and limit of each all-orders call the handler saw. */
const asked = (handler) => handler.mock.calls.map(([{ request }]) => pageAsked(request));

/** chooseStatus picks `status` in the Status dropdown of order #n. */
async function chooseStatus(user, n, status) {
  await user.click(card(n).getByRole('combobox', { name: `Status of order #${n}` }));
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull());
  await user.click(within(document.querySelector('.ant-select-dropdown')).getByTitle(status));
}

describe('admin orders', () => {
  beforeAll(() => import('./AdminOrders'));

  it('shows please wait..., then 3 orders a page from the server, newest first, numbered across pages', async () => {
    const pages = vi.fn(pagedOrders(orders));
    const answer = held(pages);
    server.use(http.get(url('auth/all-orders'), answer.handler));
    const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('please wait...')).toBeInTheDocument();
    answer.release();
    expect(screen.getByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    expect(await screen.findByText('Buyer 3')).toBeInTheDocument();
    expect(screen.queryByText('please wait...')).not.toBeInTheDocument();
    expect(titles()).toEqual(['Order #1', 'Order #2', 'Order #3']);
    expect(card(1).getByText('Buyer 1')).toBeInTheDocument();
    expect(card(3).getByText('Buyer 3')).toBeInTheDocument();
    expect(asked(pages)).toEqual([{ page: 1, limit: 3 }]);
    // The pager covers all seven orders: three pages.
    expect(screen.getByTitle('3')).toBeInTheDocument();
    expect(screen.queryByTitle('4')).not.toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Buyer 4')).toBeInTheDocument();
    expect(titles()).toEqual(['Order #4', 'Order #5', 'Order #6']);
    expect(card(6).getByText('Buyer 6')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('Buyer 7')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(card(7).getByRole('heading', { name: 'Order #7' })).toBeInTheDocument();
    expect(asked(pages)).toEqual([{ page: 1, limit: 3 }, { page: 2, limit: 3 }, { page: 3, limit: 3 }]);
  });

  it('pages over every order the server counts, not just those it answered', async () => {
    // A shop with 100,000 orders: each answer holds 3, X-Total-Count says how many in all.
    const pages = vi.fn(({ request }) => {
      const { page } = pageAsked(request);
      const numbers = [1, 2, 3].map((i) => (page - 1) * 3 + i).filter((n) => n <= 100_000);
      const list = numbers.map((n) => makeOrder(n));
      return HttpResponse.json(list, { headers: { 'X-Total-Count': '100000' } });
    });
    server.use(http.get(url('auth/all-orders'), pages));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 1');
    await user.click(screen.getByTitle('33334'));
    expect(await screen.findByText('Buyer 100000')).toBeInTheDocument();
    expect(titles()).toEqual(['Order #100000']);
    expect(asked(pages).at(-1)).toEqual({ page: 33334, limit: 3 });
  });

  it('opens the page named in the address and falls back to the last page past the end', async () => {
    const pages = answerOrders(orders);
    const { router } = await renderDashboard(`${PATH}`, { auth: signedIn(admin) });
    await screen.findByText('Buyer 1');
    await router.navigate(`${PATH}?page=9`);
    // Two answers in a row (page 9 is empty, then page 3): allow a busy machine the time.
    expect(await screen.findByText('Buyer 7', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(titles()).toEqual(['Order #7']);
    expect(router.state.location.search).toBe('?page=3');
    expect(asked(pages).map((p) => p.page)).toEqual([1, 9, 3]);
  });

  it('shows the order table: #, Status, Buyer, Date, Payment, Quantity', async () => {
    answerOrders(orders);
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 1');
    const table = within(card(1).getByRole('table'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Status',
      'Buyer',
      'Date',
      'Payment',
      'Quantity',
    ]);
    const cells = table.getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('1');
    expect(within(cells[1]).getByRole('combobox', { name: 'Status of order #1' })).toBeInTheDocument();
    expect(cells[1]).toHaveTextContent('Shipped');
    expect(cells[2]).toHaveTextContent('Buyer 1');
    expect(cells[3]).toHaveTextContent('a day ago');
    expect(cells[4]).toHaveTextContent('Success');
    expect(cells[5]).toHaveTextContent('2');
  });

  it('shows each order\'s number above its table, and Refunded where it was refunded', async () => {
    const refundedAt = new Date().toISOString();
    const numbered = orders.map((o) => ({ ...o, number: `CS-0000000${o._id.slice(1)}`,
      ...(o._id === 'o2' ? { status: 'Cancelled', refundedAt } : {}) }));
    answerOrders(numbered);
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 1');
    const [first, refunded] = ['o1', 'o2'].map((id) => numbered.find((o) => o._id === id));
    expect(card(1).getByText(first.number).closest('p')).toHaveTextContent(`Order ${first.number}`);
    expect(card(1).queryByText('Refunded')).not.toBeInTheDocument();
    expect(card(2).getByText(refunded.number).closest('p')).toHaveTextContent(`Order ${refunded.number} Refunded`);
    // SPEC's table keeps its columns and its Payment text.
    const table = within(card(2).getByRole('table'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent))
      .toEqual(['#', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity']);
    expect(table.getAllByRole('cell')[4]).toHaveTextContent('Success');
  });

  it('shows each product with a 100px photo, a 30-character preview with an ellipsis and a dollar price', async () => {
    answerOrders(orders);
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 1');
    const product = orders.find((o) => o._id === 'o1').products[0];
    const photo = card(1).getByRole('img', { name: product.name });
    expect(photo).toHaveAttribute('src', expect.stringContaining(`/api/v1/product/product-photo/${product._id}`));
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveStyle({ height: '100px' });
    expect(card(1).getByText(`${product.description.substring(0, 30)}...`)).toBeInTheDocument();
    expect(card(1).getByText(`$${product.price}`)).toBeInTheDocument();
  });

  it('offers the five statuses, sends the chosen one and reloads the list', async () => {
    let list = orders;
    const all = vi.fn(pagedOrders(() => list));
    let sent;
    let id;
    server.use(
      http.get(url('auth/all-orders'), all),
      http.put(url('auth/order-status/:id'), async ({ request, params }) => {
        sent = await request.json();
        id = params.id;
        list = list.map((o) => (o._id === params.id ? { ...o, status: sent.status } : o));
        return HttpResponse.json({ success: true, message: 'updated', order: {} });
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 2');
    await user.click(screen.getByRole('combobox', { name: 'Status of order #2' }));
    await screen.findByTitle('Delivered');
    const dropdown = within(document.querySelector('.ant-select-dropdown'));
    expect(ORDER_STATUSES).toEqual(['Not Process', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    ORDER_STATUSES.forEach((status) => expect(dropdown.getByTitle(status)).toBeInTheDocument());
    await user.click(dropdown.getByTitle('Delivered'));

    await waitFor(() => expect(all).toHaveBeenCalledTimes(2));
    expect(id).toBe('o2');
    expect(sent).toEqual({ status: 'Delivered' });
    await waitFor(() => expect(card(2).getByRole('table')).toHaveTextContent('Delivered'));
    expect(screen.getByText('Order #2 is now Delivered.')).toHaveAttribute('aria-live', 'polite');
  });

  // The list was kept for a minute and never asked again while open: new orders and another
  // admin's changes did not show.
  it('shows the orders as they are now when the tab is back in view and on coming back to the list', async () => {
    let list = orders;
    answerOrders(() => list);
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await waitFor(() => expect(card(2).getByRole('table')).toHaveTextContent('Not Process'));

    list = list.map((o) => (o._id === 'o2' ? { ...o, status: 'Shipped' } : o));
    tabBackInView();
    await waitFor(() => expect(card(2).getByRole('table')).toHaveTextContent('Shipped'));

    list = [...list, makeOrder(0, { age: 0, buyer: 'New Buyer' })];
    const menu = () => within(screen.getByRole('navigation', { name: 'Admin Panel' }));
    await user.click(menu().getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { name: 'All Users' });
    await user.click(menu().getByRole('link', { name: 'Orders Processing' }));
    expect(await screen.findByText('New Buyer')).toBeInTheDocument();
    expect(card(1).getByText('New Buyer')).toBeInTheDocument();
  });

  it('shows Something went wrong while updating order status when a change fails', async () => {
    answerOrders(orders);
    server.use(http.put(url('auth/order-status/:id'), () => HttpResponse.error()));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 1');
    await user.click(screen.getByRole('combobox', { name: 'Status of order #1' }));
    await user.click(await screen.findByTitle('Cancelled'));
    expect(await screen.findByText('Something went wrong while updating order status')).toBeInTheDocument();
    expect(screen.queryByText(/is now/)).not.toBeInTheDocument();
  });

  it('shows the status chosen, busy and closed to another change, until the answer; '
    + 'a failure puts the old one back', async () => {
    let list = orders;
    server.use(http.get(url('auth/all-orders'), pagedOrders(() => list)));
    const changes = [];
    let answer = held(() => HttpResponse.error());
    server.use(http.put(url('auth/order-status/:id'), async (info) => {
      changes.push((await info.request.clone().json()).status);
      return answer.handler(info);
    }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 2');
    const select = () => card(2).getByRole('combobox', { name: 'Status of order #2' });
    const open = () => document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const choose = async (status) => {
      await user.click(select());
      await waitFor(() => expect(open()).not.toBeNull());
      await user.click(within(open()).getByTitle(status));
    };
    await choose('Shipped');

    await waitFor(() => expect(select()).toBeDisabled());
    expect(card(2).getByRole('table')).toHaveTextContent('Shipped');
    expect(card(2).getByRole('table')).not.toHaveTextContent('Not Process');
    expect(changes).toEqual(['Shipped']);
    answer.release();
    expect(await screen.findByText('Something went wrong while updating order status')).toBeInTheDocument();
    await waitFor(() => expect(select()).toBeEnabled());
    expect(card(2).getByRole('table')).toHaveTextContent('Not Process');

    answer = held(() => {
      list = list.map((o) => (o._id === 'o2' ? { ...o, status: 'Delivered' } : o));
      return HttpResponse.json({ success: true, message: 'updated', order: {} });
    });
    await choose('Delivered');
    await waitFor(() => expect(select()).toBeDisabled());
    expect(card(2).getByRole('table')).toHaveTextContent('Delivered');
    answer.release();
    await waitFor(() => expect(select()).toBeEnabled());
    expect(card(2).getByRole('table')).toHaveTextContent('Delivered');
    expect(changes).toEqual(['Shipped', 'Delivered']);
  });

  // The store set Shipped and mailed the shopper, but the answer was lost: the dropdown went
  // back to the status before, which the order no longer had.
  it('reloads the list after a change whose answer was lost, and shows the status the order has', async () => {
    let list = orders;
    const all = answerOrders(() => list);
    server.use(http.put(url('auth/order-status/:id'), async ({ request, params }) => {
      const { status } = await request.json();
      list = list.map((o) => (o._id === params.id ? { ...o, status } : o));
      return HttpResponse.error();
    }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 2');
    await chooseStatus(user, 2, 'Shipped');
    expect(await screen.findByText('Something went wrong while updating order status')).toBeInTheDocument();
    await waitFor(() => expect(all).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(card(2).getByRole('combobox', { name: 'Status of order #2' })).toBeEnabled());
    expect(card(2).getByRole('table')).toHaveTextContent('Shipped');
    expect(card(2).getByRole('table')).not.toHaveTextContent('Not Process');
  });

  it('keeps the orders it shows when a change fails and so does the list read again after it', async () => {
    let fail = false;
    const pages = pagedOrders(orders);
    server.use(
      http.get(url('auth/all-orders'), (info) => (fail ? HttpResponse.error() : pages(info))),
      http.put(url('auth/order-status/:id'), () => {
        fail = true;
        return HttpResponse.error();
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Buyer 2');
    await chooseStatus(user, 2, 'Shipped');
    expect(await screen.findByText('Something went wrong while updating order status')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong while fetching orders')).toBeInTheDocument();
    expect(screen.getByText('Buyer 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows Something went wrong while fetching orders when the list fails, and Try again loads it', async () => {
    let fail = true;
    const pages = pagedOrders(orders);
    server.use(http.get(url('auth/all-orders'), (info) => (fail ? HttpResponse.error() : pages(info))));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Something went wrong while fetching orders')).toBeInTheDocument();
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('Check your connection');
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Buyer 1')).toBeInTheDocument();
  });

  it('shows the server message of a refusal once as a toast and in the list, without Try again', async () => {
    server.use(http.get(url('auth/all-orders'), () => HttpResponse.json({ success: false, message: 'Admins only' }, { status: 403 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await refusedOnce('Admins only');
  });

  it('offers Try again after a server error, with its message as the toast', async () => {
    server.use(http.get(url('auth/all-orders'), () => HttpResponse.json({ success: false, message: 'Store unavailable' }, { status: 503 })));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    await retryOffered('Store unavailable');
  });

  it('keeps its pager when every order fits on one page (SPEC: a pager)', async () => {
    answerOrders(orders.slice(0, 3));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByRole('article', { name: 'Order #3' })).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
  });

  // Each card's table region was a Tab stop, three more a page, even where nothing scrolls.
  describe('an order\'s table', () => {
    /** tableIsWide has each order's table region hold a table `px` wide in 300 px. */
    const tableIsWide = (px) => {
      const region = function region() { return this.classList.contains('table-scroll'); };
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function width() {
        return region.call(this) ? px : 0;
      });
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function width() {
        return region.call(this) ? 300 : 0;
      });
    };
    const details = () => screen.getByRole('region', { name: 'Order #1 details' });
    afterEach(() => vi.restoreAllMocks());

    it('is no Tab stop where it fits', async () => {
      answerOrders(orders);
      tableIsWide(300);
      await renderDashboard(PATH, { auth: signedIn(admin) });
      await screen.findByText('Buyer 1');
      expect(details()).not.toHaveAttribute('tabindex');
    });

    it('is a Tab stop, for the arrow keys to scroll it, where it is wider than its card', async () => {
      answerOrders(orders);
      tableIsWide(900);
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await screen.findByText('Buyer 1');
      expect(details()).toHaveAttribute('tabindex', '0');
      details().focus();
      await user.tab();
      expect(card(1).getByRole('combobox', { name: 'Status of order #1' })).toHaveFocus();
    });
  });
});
