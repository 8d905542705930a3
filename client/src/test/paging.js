// msw answers for the lists the server pages: ?page=&limit= pick one page of the whole list
// (all of it without them), and the size of the whole list travels in X-Total-Count (the
// bare-array order lists) or in the body (users, products).
import { HttpResponse } from 'msw';

/** pageAsked reads ?page= and ?limit= of a request (0 when absent). */
export function pageAsked(request) {
  const query = new URL(request.url).searchParams;
  return { page: Number(query.get('page') ?? 0), limit: Number(query.get('limit') ?? 0) };
}

/** onePage is the slice of `list` a request asks for. */
export function onePage(list, request) {
  const { page, limit } = pageAsked(request);
  return limit ? list.slice((Math.max(page, 1) - 1) * limit, Math.max(page, 1) * limit) : list;
}

const newestFirst = (orders) => [...orders].sort((a, b) => new Date(b.createdAt) - new Date(a.createdAt));

/**
 * pagedOrders answers an order list as the server does: newest first, one page, the total in
 * X-Total-Count. `orders` is the list or a function giving the current list.
 */
export const pagedOrders = (orders) => ({ request }) => {
  const all = newestFirst(typeof orders === 'function' ? orders() : orders);
  return HttpResponse.json(onePage(all, request), { headers: { 'X-Total-Count': String(all.length) } });
};
