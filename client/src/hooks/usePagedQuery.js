// usePagedQuery runs the query of one page of a list the server pages, `pageOf(page)` giving
// its query options; the answer carries `page` and `total`, the size of the whole list. The page lives
// in the address (?page=n), so Back and a shared link open the same page; a page past the last
// one (the list shrank) becomes the last page. Returns the query's result with page and setPage.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { lastPage, readPage, withPage } from './page-param';

export default function usePagedQuery(pageOf, pageSize) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const setPage = (n, options) => setParams((current) => withPage(current, n), options);

  const result = useQuery(pageOf(page));
  const total = result.isPlaceholderData ? undefined : result.data?.total;
  const last = lastPage(total ?? 0, pageSize);
  const past = total !== undefined && page > last;
  useEffect(() => {
    if (past) setPage(last, { replace: true });
    // setPage is a new function each render; only the numbers matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [past, last]);
  return { ...result, page, setPage };
}
