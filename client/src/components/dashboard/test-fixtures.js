// Sample orders for the dashboard tests, shaped like auth/orders and auth/all-orders answers.
import { makeProduct } from '../../test/fixtures';

const DAY = 24 * 60 * 60 * 1000;

/** daysAgo gives an ISO date n days before now. */
export const daysAgo = (n) => new Date(Date.now() - n * DAY).toISOString();

/** makeOrder builds order n, created `age` days ago, holding `count` products. */
export function makeOrder(n, { age = n, count = 1, status = 'Not Process', buyer = 'Buyer ' + n } = {}) {
  return {
    _id: `o${n}`,
    createdAt: daysAgo(age),
    status,
    buyer: { _id: `b${n}`, name: buyer },
    products: Array.from({ length: count }, (_, i) => makeProduct(n * 10 + i)),
    payment: { success: true },
    total: 0,
  };
}
