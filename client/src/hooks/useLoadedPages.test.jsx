import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import useLoadedPages, { MAX_PAGES } from './useLoadedPages';

/**
 * loaded opens `address` in a router as the shop does, for a list whose last page is `last`,
 * and answers what useLoadedPages gives now ({pages, loadMore}) and the address' query.
 */
function loaded(address, last) {
  const now = {};
  function List() {
    [now.pages, now.loadMore] = useLoadedPages(last);
    return null;
  }
  const router = createMemoryRouter([{ path: '/shop', element: <List /> }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  return { now, search: () => router.state.location.search };
}

describe('the loaded pages of a list', () => {
  it('goes on past the pages an address may open with, a page each Load more', async () => {
    const list = loaded(`/shop?page=${MAX_PAGES}`, MAX_PAGES + 50);
    expect(list.now.pages).toBe(MAX_PAGES);
    act(() => list.now.loadMore());
    await waitFor(() => expect(list.search()).toBe(`?page=${MAX_PAGES + 1}`));
    expect(list.now.pages).toBe(MAX_PAGES + 1);
    act(() => list.now.loadMore());
    await waitFor(() => expect(list.now.pages).toBe(MAX_PAGES + 2));
    expect(list.search()).toBe(`?page=${MAX_PAGES + 2}`);
  });

  it('opens an address asking for more than that with as many, says so, and Load more goes on', async () => {
    const list = loaded('/shop?sort=name&page=150', 1667);
    expect(list.now.pages).toBe(MAX_PAGES);
    await waitFor(() => expect(list.search()).toBe(`?sort=name&page=${MAX_PAGES}`));
    act(() => list.now.loadMore());
    await waitFor(() => expect(list.search()).toBe(`?sort=name&page=${MAX_PAGES + 1}`));
    expect(list.now.pages).toBe(MAX_PAGES + 1);
  });

  it('stops at the last page of the list', async () => {
    const list = loaded('/shop?page=100000', 3);
    expect(list.now.pages).toBe(3);
    await waitFor(() => expect(list.search()).toBe('?page=3'));
  });
});
