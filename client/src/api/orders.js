// Order calls of the dashboards: the shopper's own orders and the admin's view of all orders.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const ORDERS_KEY = ['orders'];

const newestFirst = (orders) =>
  [...(Array.isArray(orders) ? orders : [])].sort((a, b) => new Date(b.createdAt) - new Date(a.createdAt));

export const getOrders = () => api.get('/api/v1/auth/orders').then(newestFirst);

export const getAllOrders = () => api.get('/api/v1/auth/all-orders').then(newestFirst);

export const updateOrderStatus = (orderId, status) =>
  api.put(`/api/v1/auth/order-status/${orderId}`, { status });

/** The shopper's orders, newest first; loaded only with a token, a failure is silent. */
export const myOrdersQuery = (token) =>
  queryOptions({ queryKey: [...ORDERS_KEY, 'mine', token], queryFn: getOrders, enabled: Boolean(token) });

export const ORDERS_FETCH_ERROR = 'Something went wrong while fetching orders';
export const ORDER_STATUS_ERROR = 'Something went wrong while updating order status';

/** Every order for the admin, newest first; loaded only with a token. */
export const allOrdersQuery = (token) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'all', token],
    queryFn: getAllOrders,
    enabled: Boolean(token),
    meta: { errorText: ORDERS_FETCH_ERROR },
  });
