// useLoadedPages keeps how many pages of a list are loaded in the address (`?page=4`), so a
// shared link or the Back button brings the same list back. It returns [pages, loadMore];
// loadMore replaces the address (Back leaves the list rather than un-loading a page) and
// keeps the scroll position. Other parameters of the address are kept as they are.
// `last` is the list's last page, known once its first page has answered (undefined before).
// Until then only the first page is asked for, and after it no page past the last: a shared
// link asking for page 100 of a shop of 10 pages sends 10 calls, not 100. Such an address is
// replaced by the list's last page, so it says what is on screen and Load more goes on from it;
// one asking for no page there is (`?page=0`, `?page=abc`) by the page 1 it shows.
// A list opened (a link, a reload, Back from another page) loads at most MAX_PAGES pages, so
// an address like `?page=100000` cannot send thousands of calls at once; its address is then
// replaced by MAX_PAGES, what is on screen. Load more goes on past MAX_PAGES one page a click,
// as far as the list goes: the pages it loaded are the shopper's own, and stay loaded while
// the list is on screen (Back to an earlier filter of it too).
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isWrittenAsRead, readPage, withPage } from './page-param';

export const MAX_PAGES = 100;

export default function useLoadedPages(last) {
  const [params, setParams] = useSearchParams();
  // The most pages Load more has loaded on this screen, MAX_PAGES until it goes past them.
  const [grown, setGrown] = useState(MAX_PAGES);
  const asked = readPage(params);
  const most = last === undefined ? 1 : Math.min(last, grown);
  const pages = Math.min(asked, most);
  const past = last !== undefined && asked > most;
  const wrong = !isWrittenAsRead(params);
  useEffect(() => {
    if (past) setParams((current) => withPage(current, most), { replace: true, preventScrollReset: true });
    else if (wrong) setParams((current) => withPage(current, readPage(current)), { replace: true, preventScrollReset: true });
  }, [past, wrong, most, setParams]);
  const loadMore = useCallback(() => {
    // Counted before the address changes, so the page it asks for is never cut back.
    setGrown((had) => Math.max(had, pages + 1));
    setParams((current) => withPage(current, pages + 1), { replace: true, preventScrollReset: true });
  }, [pages, setParams]);
  return [pages, loadMore];
}
