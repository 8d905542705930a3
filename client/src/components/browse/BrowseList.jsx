// A filtered product list: the filter panel (a drawer on phones), the result count, the sort
// select, the cards and Load more (shown while fewer than the total are loaded). Filters and
// sort (useBrowseFilters) and the loaded page count (useLoadedPages) live in the address.
// `category` fixes the list to one category's slug (its page then has no category filter);
// `countText(total)` is the count line; `errorText` the toast of a failed load (none: silent).
// A failed load keeps the panel with the counts it last had, so other filters can be chosen;
// one the server refused (filters it cannot answer) shows its reason and no Try again.
// The panel's rows stay in place while the shopper filters (useSteadyFacets). Back or a reload
// comes to the place the shopper left once every loaded page is in again (useRestoredScroll).
// While new filters or a new sort load, the cards shown are the previous answer's: they are
// dimmed, and the count says Updating… rather than a number that is not this list's. Pages
// loaded on either side of a change to the catalogue are loaded again (useOneCatalogue).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import ProductGrid from '../product/ProductGrid';
import ProductGridSkeleton from '../status/ProductGridSkeleton';
import ErrorState from '../status/ErrorState';
import EmptyState from '../status/EmptyState';
import useLoadedPages from '../../hooks/useLoadedPages';
import { lastPage } from '../../hooks/page-param';
import useBrowseFilters, { NO_FILTERS, activeFilters } from '../../hooks/useBrowseFilters';
import useLastKnown from '../../hooks/useLastKnown';
import useRestoredScroll from '../../hooks/useRestoredScroll';
import useSteadyFacets from './useSteadyFacets';
import { EMPTY_FACETS, browseQuery, listFilters } from '../../api/browse';
import { LOAD_MORE, UPDATING } from '../../texts';
import FilterPanel from './FilterPanel';
import SortSelect from './SortSelect';

/** The screens where the filter panel is a drawer (browse.css). */
const DRAWER_SCREEN = '(max-width: 768px)';

/** Each browsed product as its card shows it, made once: a card draws again only for a new one. */
const pricedCopies = new WeakMap();

/**
 * listed is the products of the loaded pages as the cards show them: the first of those that
 * share an id, each at the price it matched at (a browse answer leaves matchedPrice out when it
 * is the product's own price; a card without it would show its sizes' lowest).
 */
const listed = (products) => {
  const seen = new Set();
  return products.filter((p) => !seen.has(p._id) && seen.add(p._id)).map((p) => {
    if (p.matchedPrice !== undefined) return p;
    if (!pricedCopies.has(p)) pricedCopies.set(p, { ...p, matchedPrice: p.price });
    return pricedCopies.get(p);
  });
};

/**
 * useOneCatalogue keeps the loaded pages of one catalogue. The catalogue changes while a
 * shopper pages (a product added, the last of one sold under In stock only): a page asked for
 * later is counted on the new one, and next to the pages before it would repeat a product or
 * pass one by. A page whose total is not the newest page's is asked again (a product the
 * pages still share meanwhile shows once).
 */
function useOneCatalogue(pages) {
  const answered = pages.filter((page) => page.data && !page.isPlaceholderData);
  const newest = answered.reduce((a, page) => (page.dataUpdatedAt > a.dataUpdatedAt ? page : a), answered[0]);
  const stale = pages.map((page) => answered.includes(page) && !page.isFetching && page.data.total !== newest.data.total);
  const staleKey = stale.map((ask, i) => (ask ? i + 1 : '')).join(' ').trim();
  useEffect(() => {
    pages.forEach((page, i) => stale[i] && page.refetch());
    // staleKey names the pages to ask again; the query objects are new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staleKey]);
}

export default function BrowseList({ category, pageSize, countText, errorText, empty }) {
  const [filters, setFilters] = useBrowseFilters();
  const [drawer, setDrawer] = useState(false);
  // The closed drawer gives focus back to the Filters button, where the shopper opened it:
  // else it stays on a control now hidden, and the next Tab starts again from the top.
  const filtersButton = useRef(null);
  const closeDrawer = useCallback(() => {
    setDrawer(false);
    filtersButton.current?.focus();
  }, []);
  // A phone turned round past the breakpoint (browse.css) shows the panel beside the list, as
  // on a desktop: the drawer closes, so the panel is no longer a modal dialog that keeps Tab in
  // it. Focus stays where it is, now in view, not on the Filters button, hidden there.
  useEffect(() => {
    if (!drawer) return undefined;
    const phone = window.matchMedia(DRAWER_SCREEN);
    const onChange = () => {
      if (!phone.matches) setDrawer(false);
    };
    phone.addEventListener('change', onChange);
    return () => phone.removeEventListener('change', onChange);
  }, [drawer]);
  const asked = listFilters(filters, category);
  // The first page tells how many pages the list has (not the previous filters' answer shown
  // while it loads): the pages after it are asked for only up to the last.
  const head = useQuery(browseQuery(asked, 1, pageSize, errorText));
  const known = head.isPlaceholderData ? undefined : head.data?.total;
  const [pages, loadMore] = useLoadedPages(known === undefined ? undefined : lastPage(known, pageSize));
  const rest = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, i) => browseQuery(asked, i + 2, pageSize, errorText)),
  });
  const loaded = [head, ...rest];

  // Pages show in order up to the first one that is not there yet.
  const ready = [];
  for (const page of loaded) {
    if (!page.data) break;
    ready.push(page.data);
  }
  const first = ready[0];
  const products = listed(ready.flatMap((page) => page.products));
  useOneCatalogue(loaded);
  const total = first?.total ?? 0;
  const facets = useSteadyFacets(useLastKnown(first?.facets) ?? EMPTY_FACETS, category);
  const failures = loaded.filter((query) => query.isError);
  const failed = failures.length > 0;
  const allIn = ready.length === loaded.length && !loaded[0].isPlaceholderData;
  const busy = !allIn && !failed;
  const updating = head.isPlaceholderData;
  useRestoredScroll(allIn);
  const retry = () => failures.forEach((query) => query.refetch());

  // Load more is disabled while it loads, which drops the keyboard's focus to the top of the
  // page: once the next products are in, focus goes to the first of them.
  const results = useRef(null);
  const focusFrom = useRef(null);
  const askMore = () => {
    focusFrom.current = products.length;
    loadMore();
  };
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || products.length <= from) return;
    focusFrom.current = null;
    results.current?.querySelectorAll('.product-grid > li')[from]?.querySelector('a:not([tabindex="-1"])')?.focus();
  }, [products.length]);
  const filtered = activeFilters(filters) > 0;
  // Clear all filters and the keyword's Clear go as they are pressed: the keyboard's focus moves
  // to the sort order beside them rather than dropping to the top of the page.
  const sortSelect = useRef(null);
  const clear = (change) => {
    setFilters(change);
    sortSelect.current?.focus();
  };

  let body;
  const error = failures[0]?.error;
  if (!first && loaded[0].isError) body = <ErrorState what="the products" error={error} onRetry={retry} />;
  else if (!first) body = <ProductGridSkeleton />;
  else if (products.length === 0 && filtered) {
    body = (
      <div className="state state--empty">
        <p className="state__title">No products match these filters.</p>
        <button type="button" className="btn btn--primary" onClick={() => clear(NO_FILTERS)}>Clear all filters</button>
      </div>
    );
  } else if (products.length === 0) body = <EmptyState {...empty} />;
  else body = <ProductGrid products={products} />;

  return (
    <div className="browse">
      <FilterPanel
        id="product-filters"
        filters={filters}
        facets={facets}
        setFilters={setFilters}
        withCategory={!category}
        open={drawer}
        onClose={closeDrawer}
        total={known}
      />
      <section ref={results} className="browse__results" aria-labelledby="result-count" aria-busy={busy}>
        <div className="browse__toolbar">
          <p className="result-count" id="result-count" aria-live="polite" aria-atomic="true">
            {updating ? UPDATING : first ? countText(total) : ''}
          </p>
          <button type="button" ref={filtersButton} className="btn browse__filters-button"
            aria-expanded={drawer} aria-controls="product-filters" onClick={() => setDrawer(true)}>
            Filters{filtered ? ` (${activeFilters(filters)})` : ''}
          </button>
          {filters.q && (
            <p className="browse__keyword">
              Matching “{filters.q}”
              <button type="button" className="btn btn--link" onClick={() => clear({ q: '' })}
                aria-label={`Clear the keyword ${filters.q}`}>Clear</button>
            </p>
          )}
          {filtered && (
            <button type="button" className="btn btn--link" onClick={() => clear(NO_FILTERS)}>Clear all filters</button>
          )}
          <SortSelect ref={sortSelect} value={filters.sort} onChange={(sort) => setFilters({ sort })} />
        </div>
        <div className="browse__list" aria-busy={updating}>{body}</div>
        {first && failed && ready.length > 0 && <ErrorState what="more products" error={error} onRetry={retry} />}
        <div className="load-more">
          {first && !failed && products.length < total && (
            <button type="button" className="btn" onClick={askMore} disabled={busy} aria-busy={busy}>
              {LOAD_MORE}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
