// /shop: every product, with the filter panel, the sort select and the result count; Load
// more appends the next page while fewer than the total are loaded. Filters, sort and the
// loaded page count live in the address, so a shared link or Back brings the same list (and,
// once its pages are in, the same scroll position). Failures show no toast: the list shows its error
// state with Try again. The list loads as its own chunk (LazyBrowseList).
import Layout from '../components/Layout';
import BrowseList from '../components/browse/LazyBrowseList';
import { HOME } from '../paths';
import { SHOP_PAGE_SIZE } from '../rules';

const EMPTY = { title: 'No products yet.', to: HOME, action: 'Back to the home page' };

export default function Shop() {
  return (
    <Layout title="All Products - Best offers">
      <h1 className="page-title">All Products</h1>
      <BrowseList pageSize={SHOP_PAGE_SIZE} countText={(n) => `${n} product(s)`} empty={EMPTY} />
    </Layout>
  );
}
