// The page of a list in the address (`?page=4`): which page a paged list shows, or how many
// pages a Load more list has loaded. Read and written here only, so both kinds of list agree
// on what an address means: no `page` (or a wrong one) is page 1, and page 1 is left out.

export const PAGE_PARAM = 'page';

/** The last page the server answers (its MaxPage, api/browse.go); a later one is read as this one. */
export const MAX_PAGE = 1_000_000;

/**
 * readPage is the page an address asks for: a whole number from 1, else 1, and MAX_PAGE at
 * most, so that a page past the end of a list is taken back to its last page like any other
 * rather than refused by the server.
 */
export function readPage(params) {
  const asked = Number.parseInt(params.get(PAGE_PARAM), 10);
  return Number.isInteger(asked) && asked > 1 ? Math.min(asked, MAX_PAGE) : 1;
}

/** lastPage is the last page of a list of `total` items, `size` a page: 1 for an empty list. */
export const lastPage = (total, size) => Math.max(1, Math.ceil(total / size));

/** withPage is a copy of the address' parameters at page n, the others kept as they are. */
export function withPage(params, n) {
  const next = new URLSearchParams(params);
  if (n > 1) next.set(PAGE_PARAM, String(n));
  else next.delete(PAGE_PARAM);
  return next;
}

/**
 * isWrittenAsRead tells whether the address writes its page as withPage would write the page
 * readPage takes from it: `?page=0`, `?page=abc` or `?page=1` (page 1, written) are not.
 */
export const isWrittenAsRead = (params) =>
  params.get(PAGE_PARAM) === withPage(params, readPage(params)).get(PAGE_PARAM);
