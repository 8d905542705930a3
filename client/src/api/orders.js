// Order calls of the dashboards: the shopper's own orders and the admin's view of all orders.
import { api, checked } from './client';

export const getOrders = () => api.get('/api/v1/auth/orders').then(checked);

export const getAllOrders = () => api.get('/api/v1/auth/all-orders').then(checked);

export const updateOrderStatus = (orderId, status) =>
  api.put(`/api/v1/auth/order-status/${orderId}`, { status }).then(checked);
