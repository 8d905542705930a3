// The home and the shop come from the server with their first screen already drawn (shopd
// draws it from the catalogue it holds, in the markup these pages render) and the answers of
// the calls it makes. React's first render replaces that screen: it waits until the queries
// of that screen are in the cache, answered from the page (api/first-call.js), so what it
// draws is what was there and nothing moves or blinks.
import { productPageQuery } from './api/products';
import { browseQuery } from './api/browse';
import { categoriesQuery } from './api/categories';
import { shopConfigQuery } from './api/config';
import { readFilters } from './hooks/useBrowseFilters';
import { loadBrowseList } from './components/browse/LazyBrowseList';
import { HOME, SHOP } from './paths';
import { SHOP_PAGE_SIZE } from './rules';

const firstScreenQueries = {
  [HOME]: () => [productPageQuery(1), categoriesQuery(), shopConfigQuery()],
  [SHOP]: () => [browseQuery(readFilters(new URLSearchParams()), 1, SHOP_PAGE_SIZE), categoriesQuery(), shopConfigQuery()],
};

/** The code a drawn screen needs beyond the first download. */
const firstScreenChunks = { [SHOP]: [loadBrowseList] };

// The longest a page waits to show the drawn screen once more before React replaces it; the
// browser skips animation frames in a tab in the background.
const PAINT_WAIT_MS = 100;

/**
 * afterNextPaint resolves once the browser has shown a frame: on a slow phone the scripts may
 * run before the drawn screen was first painted, and it is painted before React's render
 * rather than after it.
 */
const afterNextPaint = () => new Promise((resolve) => {
  setTimeout(resolve, PAINT_WAIT_MS);
  window.requestAnimationFrame?.(() => setTimeout(resolve, 0));
});

/**
 * firstScreenReady resolves once the queries of the screen drawn into `root` are in
 * `queryClient`, its code is in, and the screen has been painted; at once when nothing is drawn (another page,
 * or a page with a query).
 */
export function firstScreenReady(root, queryClient, { pathname, search } = window.location) {
  const queries = firstScreenQueries[pathname];
  if (!queries || search || !root.firstElementChild) return Promise.resolve();
  return Promise.all([
    ...queries().map((query) => queryClient.prefetchQuery(query)),
    // A chunk that fails to load fails the page's render with the route's error screen.
    ...(firstScreenChunks[pathname] ?? []).map((load) => load().catch(() => {})),
    afterNextPaint(),
  ]);
}
