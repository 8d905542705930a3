// useBrowseFilters keeps a list's filters and sort in the address (`?size=M,L&colour=Navy&
// inStock=true&q=linen&sort=price-asc`), beside the loaded page count of useLoadedPages, so a shared
// link or the Back button brings the same list back. It returns [filters, setFilters];
// setFilters(change) sets or clears the named filters (empty = cleared), starts again from
// the first page, and keeps the scroll position. Each change is a history entry: Back
// undoes it.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { withPage } from './page-param';
import { FILTERS, IN_STOCK_FILTER, KEYWORD_FILTER, KEYWORD_MAX, LIST_FILTERS, PRICE_FILTERS } from '../rules';

export const SORTS = ['newest', 'price-asc', 'price-desc', 'name'];
export const DEFAULT_SORT = SORTS[0];

const list = (value) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);
const price = (value) => (value && Number.isFinite(Number(value)) && Number(value) >= 0 ? value : '');
const keyword = (value) => (value ?? '').trim().slice(0, KEYWORD_MAX);

/** readFilters reads the filters of an address' query. */
export function readFilters(params) {
  const sort = params.get('sort');
  return {
    ...Object.fromEntries(LIST_FILTERS.map((name) => [name, list(params.get(name))])),
    ...Object.fromEntries(PRICE_FILTERS.map((name) => [name, price(params.get(name))])),
    [IN_STOCK_FILTER]: params.get(IN_STOCK_FILTER) === 'true',
    [KEYWORD_FILTER]: keyword(params.get(KEYWORD_FILTER)),
    sort: SORTS.includes(sort) ? sort : DEFAULT_SORT,
  };
}

/** NO_FILTERS clears every filter (and keeps the sort). */
export const NO_FILTERS = Object.fromEntries(
  Object.entries(readFilters(new URLSearchParams())).filter(([name]) => FILTERS.includes(name)),
);

const isEmpty = (value) => value === '' || value === false || value == null || (Array.isArray(value) && value.length === 0);

/** activeFilters counts the filters set (the sort is not a filter). */
export const activeFilters = (filters) =>
  FILTERS.filter((name) => !isEmpty(filters[name])).length;

export default function useBrowseFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(key)), [key]);
  const setFilters = useCallback((change) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(change)) {
        if (isEmpty(value) || (name === 'sort' && value === DEFAULT_SORT)) next.delete(name);
        else next.set(name, Array.isArray(value) ? value.join(',') : String(value));
      }
      return withPage(next, 1);
    }, { preventScrollReset: true });
  }, [setParams]);
  return [filters, setFilters];
}
