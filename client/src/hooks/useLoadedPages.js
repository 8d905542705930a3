// useLoadedPages keeps how many pages of a list are loaded in the address (`?page=4`), so a
// shared link or the Back button brings the same list back. It returns [pages, loadMore];
// loadMore replaces the address (Back leaves the list rather than un-loading a page) and
// keeps the scroll position. Other parameters of the address are kept as they are.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_PARAM = 'page';
const MAX_PAGES = 100;

export default function useLoadedPages() {
  const [params, setParams] = useSearchParams();
  const asked = Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10);
  const pages = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), MAX_PAGES) : 1;
  const loadMore = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PAGE_PARAM, String(pages + 1));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [pages, setParams]);
  return [pages, loadMore];
}
