import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { held, server, url } from '../../test/server';
import { pageAsked, pagedOrders } from '../../test/paging';
import { signedIn, user } from '../../test/fixtures';
import { daysAgo, makeOrder } from '../../components/dashboard/test-fixtures';
import { refusedOnce, retryOffered } from '../../test/list-failure';
import { tabBackInView } from '../../test/tab';

const LIST = '/dashboard/user/orders';

/** An order as auth/orders/{id} answers it: number, history, payment details, a variant item. */
function detailedOrder(overrides = {}) {
  const base = makeOrder(1, { age: 2, count: 2, buyer: user.name });
  return {
    ...base,
    number: 'CS-7K3M9Q2X',
    total: 300,
    paymentState: 'paid',
    payment: { success: true, provider: 'stripe', transactionId: 'pi_1', amount: 300, currency: 'inr', brand: 'visa', last4: '4242' },
    products: [
      { ...base.products[0], price: 100, variant: { _id: 'v1', sku: 'TEE-M-NAVY', options: { Size: 'M', Colour: 'Navy' } } },
      { ...base.products[1], price: 200 },
    ],
    history: [
      { status: 'Not Process', at: daysAgo(2), by: 'shop' },
      { status: 'Processing', at: daysAgo(1), by: 'admin' },
    ],
    status: 'Processing',
    ...overrides,
  };
}

const cancelled = (order) => ({
  ...order,
  status: 'Cancelled',
  paymentState: 'refunded',
  refundedAt: new Date().toISOString(),
  history: [...order.history, { status: 'Cancelled', at: new Date().toISOString(), by: 'buyer' }],
});

const openOrder = (order) => renderDashboard(`${LIST}/${order._id}`, { auth: signedIn() });

/** answerOrder answers auth/orders/{id} with the current order, counting the calls. */
function answerOrder(current) {
  const handler = vi.fn(({ params }) =>
    params.id === current()._id
      ? HttpResponse.json({ success: true, message: 'Order.', order: current() })
      : HttpResponse.json({ success: false, message: 'Order not found.' }, { status: 404 }));
  server.use(http.get(url('auth/orders/:id'), handler));
  return handler;
}

// Both pages are code-split: load them once up front, not inside a test's wait.
beforeAll(() => Promise.all([import('./Orders'), import('./OrderDetail')]));

describe('shopper orders, paged on the server', () => {
  // 13 orders: order n is n days old, so newest first is 1, 2, ... 13.
  const orders = Array.from({ length: 13 }, (_, i) => makeOrder(i + 1));

  it('asks for 10 a page, numbers the orders across pages and pages over the total', async () => {
    const pages = vi.fn(pagedOrders(orders));
    server.use(http.get(url('auth/orders'), pages));
    const { user: person } = await renderDashboard(LIST, { auth: signedIn() });
    expect(await screen.findByRole('article', { name: 'Order #10' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByText('Buyer 11')).not.toBeInTheDocument();

    await person.click(screen.getByTitle('2'));
    expect(await screen.findByText('Buyer 13')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label')))
      .toEqual(['Order #11', 'Order #12', 'Order #13']);
    expect(pages.mock.calls.map(([{ request }]) => pageAsked(request)))
      .toEqual([{ page: 1, limit: 10 }, { page: 2, limit: 10 }]);
  });

  it('shows no pager when every order fits on one page', async () => {
    server.use(http.get(url('auth/orders'), pagedOrders(orders.slice(0, 4))));
    await renderDashboard(LIST, { auth: signedIn() });
    expect(await screen.findByRole('article', { name: 'Order #4' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /pagination/i })).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  // The list was kept for a minute and never asked again while open: an order shipped
  // meanwhile still showed Not Process, and a new order was missing.
  it('shows the orders as they are now when the tab is back in view and on coming back to the list', async () => {
    let list = [makeOrder(1)];
    server.use(http.get(url('auth/orders'), pagedOrders(() => list)));
    const { user: person } = await renderDashboard(LIST, { auth: signedIn() });
    const status = async () => within(await screen.findByRole('article', { name: 'Order #1' }))
      .getByText('Status', { selector: 'dt' }).nextElementSibling;
    expect(await status()).toHaveTextContent('Not Process');

    list = [{ ...list[0], status: 'Shipped' }];
    tabBackInView();
    await waitFor(async () => expect(await status()).toHaveTextContent('Shipped'));

    list = [makeOrder(2, { age: 0 }), ...list];
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    await person.click(menu.getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { name: 'User Profile' });
    await person.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('Buyer 2')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('links each order card to its order page', async () => {
    const order = detailedOrder();
    server.use(http.get(url('auth/orders'), pagedOrders([order])));
    answerOrder(() => order);
    const { user: person, router } = await renderDashboard(LIST, { auth: signedIn() });
    const card = within(await screen.findByRole('article', { name: 'Order #1' }));
    const link = card.getByRole('link', { name: 'View order #1' });
    expect(link).toHaveAttribute('href', `${LIST}/${order._id}`);
    await person.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/${order._id}`));
    expect(await screen.findByRole('heading', { name: `Order ${order.number}` })).toBeInTheDocument();
  });
});

describe('shopper order page', () => {
  it('shows please wait..., then the number, date, status, total, items, payment and history', async () => {
    const order = detailedOrder();
    const answer = held(() => HttpResponse.json({ success: true, order }));
    server.use(http.get(url('auth/orders/:id'), answer.handler));
    await openOrder(order);
    expect(await screen.findByText('please wait...')).toBeInTheDocument();
    answer.release();

    const page = within(await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' }));
    const value = (term) => page.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Placed')).toHaveTextContent('(2 days ago)');
    expect(value('Placed').querySelector('time')).toHaveAttribute('datetime', order.createdAt);
    expect(value('Status')).toHaveTextContent('Processing');
    expect(value('Total')).toHaveTextContent('₹300');

    const items = within(page.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = order.products;
    expect(within(items[0]).getByRole('img', { name: first.name }))
      .toHaveAttribute('src', expect.stringContaining(`/api/v1/product/product-photo/${first._id}`));
    expect(items[0]).toHaveTextContent(first.name);
    expect(items[0]).toHaveTextContent('Size: M, Colour: Navy');
    expect(items[0]).toHaveTextContent('₹100');
    expect(items[1]).toHaveTextContent(second.name);
    expect(items[1]).not.toHaveTextContent('Size');
    expect(items[1]).toHaveTextContent('₹200');

    expect(value('Provider')).toHaveTextContent('Stripe');
    expect(value('Card')).toHaveTextContent('Visa ending in 4242');
    expect(page.queryByText('Refunded', { selector: 'dt' })).not.toBeInTheDocument();

    const history = within(page.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.map((li) => li.querySelector('strong').textContent)).toEqual(['Not Process', 'Processing']);
    expect(history[0]).toHaveTextContent('by the shop');
    expect(history[0].querySelector('time')).toHaveAttribute('datetime', order.history[0].at);
    expect(screen.getByRole('link', { name: '← All your orders' })).toHaveAttribute('href', LIST);
  });

  it('marks Orders in the dashboard menu as the current section, and Profile not', async () => {
    const order = detailedOrder();
    answerOrder(() => order);
    await openOrder(order);
    await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' });
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('shows the provider and the amount paid when the gateway gave no card details', async () => {
    const order = detailedOrder({ payment: { success: true, provider: 'sandbox', transactionId: 'sandbox_1', amount: 300, currency: 'inr' } });
    answerOrder(() => order);
    await openOrder(order);
    const page = within(await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' }));
    expect(page.getByText('Provider', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Sandbox');
    expect(page.getByText('Paid', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₹300');
    expect(page.queryByText('Card', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('cancels after asking, then shows Cancelled, the refund and the new history', async () => {
    let order = detailedOrder();
    const reads = answerOrder(() => order);
    const cancel = vi.fn(({ params }) => {
      order = cancelled(order);
      expect(params.id).toBe(order._id);
      return HttpResponse.json({ success: true, message: 'Order CS-7K3M9Q2X is cancelled; your payment is being refunded.', order });
    });
    server.use(http.post(url('auth/orders/:id/cancel'), cancel));
    const { user: person } = await openOrder(order);
    const page = within(await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' }));

    await person.click(page.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order CS-7K3M9Q2X?' }));
    // The number in the title is one word: it never breaks after its "CS-".
    expect(dialog.getByText('CS-7K3M9Q2X?')).toHaveClass('order-number');
    expect(cancel).not.toHaveBeenCalled();
    await person.click(dialog.getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('Order CS-7K3M9Q2X is cancelled; your payment is being refunded.')).toBeInTheDocument();
    await waitFor(() => expect(page.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Cancelled'));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(page.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(page.getByText('Refunded', { selector: 'dt' })).toBeInTheDocument();
    const history = within(page.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.map((li) => li.querySelector('strong').textContent)).toEqual(['Not Process', 'Processing', 'Cancelled']);
    expect(history[2]).toHaveTextContent('by you');
    expect(reads).toHaveBeenCalled();
    // The button is gone: focus lands on the order's heading, not the top of the page.
    await waitFor(() => expect(page.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('sends one cancel for a double click on Yes, cancel it', async () => {
    let order = detailedOrder();
    answerOrder(() => order);
    const cancel = vi.fn(() => {
      if (order.status === 'Cancelled') {
        return HttpResponse.json({ success: false, message: 'This order is already cancelled.' }, { status: 409 });
      }
      order = cancelled(order);
      return HttpResponse.json({ success: true, message: 'Order CS-7K3M9Q2X is cancelled.', order });
    });
    server.use(http.post(url('auth/orders/:id/cancel'), cancel));
    const { user: person } = await openOrder(order);
    await person.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const yes = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(await screen.findByText('Order CS-7K3M9Q2X is cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Cancelled'));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('This order is already cancelled.')).not.toBeInTheDocument();
  });

  it('keeps Tab and Shift+Tab inside the Cancel order dialog', async () => {
    const order = detailedOrder();
    answerOrder(() => order);
    const { user: person } = await openOrder(order);
    await person.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order CS-7K3M9Q2X?' }));
    const close = dialog.getByRole('button', { name: 'Close' });
    const yes = dialog.getByRole('button', { name: 'Yes, cancel it' });
    yes.focus();
    await person.tab();
    expect(close).toHaveFocus();
    await person.tab({ shift: true });
    expect(yes).toHaveFocus();
  });

  it('keeps the order when the shopper changes their mind', async () => {
    const order = detailedOrder({ status: 'Not Process', history: [{ status: 'Not Process', at: daysAgo(2), by: 'shop' }] });
    answerOrder(() => order);
    const cancel = vi.fn(() => HttpResponse.json({ success: true, order: cancelled(order) }));
    server.use(http.post(url('auth/orders/:id/cancel'), cancel));
    const { user: person } = await openOrder(order);
    await person.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order CS-7K3M9Q2X?' }));
    await person.click(dialog.getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancel).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel order' })).toHaveFocus());
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Not Process');
  });

  it.each(['Shipped', 'Delivered', 'Cancelled'])('offers no Cancel once the order is %s', async (status) => {
    const order = detailedOrder({ status });
    answerOrder(() => order);
    await openOrder(order);
    await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' });
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(status);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('offers no Cancel on an order refunded before, though an admin set it back to Not Process', async () => {
    const order = detailedOrder({ status: 'Not Process', refundedAt: '2026-03-02T10:00:00.000Z' });
    answerOrder(() => order);
    await openOrder(order);
    await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' });
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Not Process');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows the server reason when a cancel is refused, and the order as it was', async () => {
    const order = detailedOrder();
    answerOrder(() => order);
    server.use(http.post(url('auth/orders/:id/cancel'), () =>
      HttpResponse.json({ success: false, message: 'This order is already Shipped and can no longer be cancelled.' }, { status: 409 })));
    const { user: person } = await openOrder(order);
    await person.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await person.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('This order is already Shipped and can no longer be cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Processing');
  });

  it('shows the order as it is now after a refused cancel: shipped meanwhile, no Cancel order', async () => {
    let order = detailedOrder();
    const reads = answerOrder(() => order);
    server.use(http.post(url('auth/orders/:id/cancel'), () => {
      order = { ...order, status: 'Shipped', history: [...order.history, { status: 'Shipped', at: new Date().toISOString(), by: 'admin' }] };
      return HttpResponse.json({ success: false, message: 'This order is already Shipped and can no longer be cancelled.' }, { status: 409 });
    }));
    const { user: person } = await openOrder(order);
    await person.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const readsBefore = reads.mock.calls.length;
    await person.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('This order is already Shipped and can no longer be cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Shipped'));
    expect(reads.mock.calls.length).toBeGreaterThan(readsBefore);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  // The order was kept for a minute: Cancel order still showed on an order shipped meanwhile.
  it('shows the order as it is now when the tab is back in view: shipped meanwhile, no Cancel order', async () => {
    let order = detailedOrder();
    answerOrder(() => order);
    await openOrder(order);
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();

    order = { ...order, status: 'Shipped', history: [...order.history, { status: 'Shipped', at: new Date().toISOString(), by: 'admin' }] };
    tabBackInView();
    await waitFor(() => expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Shipped'));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says so in the server’s words when the order is not the shopper’s or does not exist', async () => {
    answerOrder(() => detailedOrder({ _id: 'someone-elses' }));
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    await openOrder(detailedOrder());
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', LIST);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    spy.mockRestore();
  });

  it('shows the server’s reason for a malformed order address, and no Try again', async () => {
    server.use(http.get(url('auth/orders/:id'), () =>
      HttpResponse.json({ success: false, message: 'id is not a valid id.' }, { status: 400 })));
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    await renderDashboard(`${LIST}/zzz`, { auth: signedIn() });
    expect(await screen.findByText('id is not a valid id.')).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', LIST);
    spy.mockRestore();
  });

  it('offers Try again when the order cannot be loaded', async () => {
    let calls = 0;
    const order = detailedOrder();
    server.use(http.get(url('auth/orders/:id'), () => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : HttpResponse.json({ success: true, order });
    }));
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user: person } = await openOrder(order);
    await person.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Order CS-7K3M9Q2X' })).toBeInTheDocument();
    spy.mockRestore();
  });
});

// The shopper's orders list and order page, refused (4xx) and failing (5xx): a refusal shows
// the server's message and no Try again, a server error offers Try again; both are logged only.
describe.each([
  ['the orders list', LIST, 'auth/orders'],
  ['an order page', `${LIST}/o1`, 'auth/orders/:id'],
])('%s', (_name, path, call) => {
  const fail = (status, message) =>
    server.use(http.get(url(call), () => HttpResponse.json({ success: false, message }, { status })));

  it('shows the server\'s message of a refusal, without Try again', async () => {
    fail(403, 'Not allowed here');
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    await renderDashboard(path, { auth: signedIn() });
    await refusedOnce('Not allowed here', { toast: null });
    spy.mockRestore();
  });

  it('offers Try again after a server error', async () => {
    fail(503, 'Store unavailable');
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    await renderDashboard(path, { auth: signedIn() });
    await retryOffered('Store unavailable', { toast: null });
    spy.mockRestore();
  });
});
