// useLoadedPages keeps how many pages of a list are loaded in the address (`?page=4`), so a
// shared link or the Back button brings the same list back. It returns [pages, loadMore];
// loadMore replaces the address (Back leaves the list rather than un-loading a page) and
// keeps the scroll position. Other parameters of the address are kept as they are.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readPage, withPage } from './page-param';

const MAX_PAGES = 100;

export default function useLoadedPages() {
  const [params, setParams] = useSearchParams();
  const pages = Math.min(readPage(params), MAX_PAGES);
  const loadMore = useCallback(() => {
    setParams((current) => withPage(current, pages + 1), { replace: true, preventScrollReset: true });
  }, [pages, setParams]);
  return [pages, loadMore];
}
