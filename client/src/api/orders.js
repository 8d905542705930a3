// Order calls of the dashboards: the shopper's own orders, one order and its cancelling, and
// the admin's view of all orders. Both lists are paged on the server: a page of orders,
// newest first, and the number of all of them (the X-Total-Count header).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { SEEN_AS_IT_IS_NOW } from './query-client';
import { ORDERS_FETCH_ERROR } from '../texts';

export const ORDERS_KEY = ['orders'];

const newestFirst = (orders) =>
  [...(Array.isArray(orders) ? orders : [])].sort((a, b) => new Date(b.createdAt) - new Date(a.createdAt));

/** getOrderPage answers {orders, total, page}: one page of a bare-array order list and its total. */
const getOrderPage = (path, page, limit) =>
  api.get(path, { params: { page, limit }, raw: true }).then((response) => {
    const orders = newestFirst(response.data);
    const total = Number(response.headers['x-total-count']);
    return { orders, total: Number.isFinite(total) ? total : orders.length, page };
  });

export const getOrders = (page, limit) => getOrderPage('/api/v1/auth/orders', page, limit);

export const getAllOrders = (page, limit) => getOrderPage('/api/v1/auth/all-orders', page, limit);

export const getOrder = (id) => api.get(`/api/v1/auth/orders/${encodeURIComponent(id)}`).then((d) => d?.order);

/** cancelOrder answers {message, order}: what the server says and the cancelled order. */
export const cancelOrder = (id) => api.post(`/api/v1/auth/orders/${encodeURIComponent(id)}/cancel`);

export const updateOrderStatus = (orderId, status) =>
  api.put(`/api/v1/auth/order-status/${orderId}`, { status });

/**
 * One page of the shopper's orders, newest first; loaded only with a token, a failure is
 * silent. The page shown stays while the next one loads. Asked again on each visit and when
 * the tab is back in view: the shop moves an order on meanwhile.
 */
export const myOrdersQuery = (token, page, limit) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'mine', token, page, limit],
    queryFn: () => getOrders(page, limit),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    ...SEEN_AS_IT_IS_NOW,
  });

/**
 * One page of every order for the admin, newest first; loaded only with a token. Asked again
 * on each visit and when the tab is back in view: new orders come in, other admins move them on.
 */
export const allOrdersQuery = (token, page, limit) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'all', token, page, limit],
    queryFn: () => getAllOrders(page, limit),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    meta: { errorText: ORDERS_FETCH_ERROR },
    ...SEEN_AS_IT_IS_NOW,
  });

/** orderKey names one order in the cache; cancelling writes the answered order there. */
export const orderKey = (token, id) => [...ORDERS_KEY, 'one', token, id];

/**
 * One order of the shopper (or any, for an admin); the page shows its own error state. Asked
 * again on each visit and when the tab is back in view, so Cancel order shows only while the
 * order can still be cancelled.
 */
export const orderQuery = (token, id) =>
  queryOptions({
    queryKey: orderKey(token, id), queryFn: () => getOrder(id), enabled: Boolean(token && id), ...SEEN_AS_IT_IS_NOW,
  });
