// The way back from a product's edit page to the page of the products list it was opened from
// (`?page=800`): the card's link carries the list's query in the router's state, and a save, a
// delete or "Back to all products" return there (a page a delete left empty becomes the list's
// last, as any page past it does). An edit page opened otherwise (a typed address, a new tab)
// returns to the list's first page.
import { useLocation } from 'react-router-dom';
import { ADMIN_PRODUCTS } from '../../paths';

const LIST_QUERY = 'productsListQuery';

/** useFromProductsList is the state a link from the products list to an edit page carries. */
export function useFromProductsList() {
  const { search } = useLocation();
  return { [LIST_QUERY]: search };
}

/** useProductsListPage is the address of the products list page the edit page was opened from. */
export function useProductsListPage() {
  const { state } = useLocation();
  const query = state?.[LIST_QUERY];
  // Only a query: the state of a history entry is not trusted to name another page.
  return typeof query === 'string' && query.startsWith('?') ? `${ADMIN_PRODUCTS}${query}` : ADMIN_PRODUCTS;
}
