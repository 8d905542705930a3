// One page of a dashboard list the server pages, with the states every such list has: please
// wait... until the first answer, the failure with Try again (a page read again keeps what it
// had), `empty` when the list holds
// nothing, else the page (`children(data, first)`, `first` being the number of items on the
// pages before it, for numbering across pages) and the pager. SPEC gives the admin lists a
// pager whatever their length; `pagerOnOnePage={false}` leaves it out when one page holds all.
// `heading` is the ref of the list's heading (tabIndex -1): a move made with the pager takes the
// keyboard's focus there, so the new page is read from its top, which is where the page
// scrolls to, rather than left on a Next page that is now out of sight at the bottom.
// `screenful`: a page of the list takes more than a screen (cards with photos), so please
// wait... takes a screen too, and the footer does not show only to be pushed away.
import Pager from './Pager';
import ErrorState from '../status/ErrorState';
import usePagedQuery from '../../hooks/usePagedQuery';
import { LOADING_TEXT } from '../../texts';

export default function PagedList({
  pageOf, pageSize, what, empty, heading, pagerOnOnePage = true, screenful = false, children,
}) {
  const { data, isPending, isError, isPlaceholderData, error, refetch, page, setPage } = usePagedQuery(pageOf, pageSize);
  const turnTo = (n) => {
    setPage(n);
    heading?.current?.focus();
  };
  if (isPending) return <p aria-busy="true" className={screenful ? 'loading-screen' : undefined}>{LOADING_TEXT}</p>;
  // A page read again that fails (after a write that failed too) keeps the page it had: its
  // toast says so. A page never read, or shown in the place of another, is the failure.
  if (isError && (!data || isPlaceholderData)) return <ErrorState what={what} error={error} onRetry={refetch} />;
  if (data.total === 0) return empty;
  return (
    <>
      {children(data, (data.page - 1) * pageSize)}
      {(pagerOnOnePage || data.total > pageSize) && (
        <Pager page={page} pageSize={pageSize} total={data.total} onChange={turnTo} />
      )}
    </>
  );
}
