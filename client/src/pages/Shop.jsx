// /shop: every product, with the filter panel, the sort select and the result count; Load
// more appends the next page while fewer than the total are loaded. Filters, sort and the
// loaded page count live in the address, so a shared link or Back brings the same list (and,
// from the cache, the same scroll position). Failures show no toast: the list shows its error
// state with Try again. The list and its filters load as their own chunk, to keep the
// storefront's first download small.
import { lazy, Suspense } from 'react';
import Layout from '../components/Layout';
import ProductGridSkeleton from '../components/status/ProductGridSkeleton';
import { HOME, SHOP } from '../paths';
import { SHOP_PAGE_SIZE } from '../rules';

const loadBrowseList = () => import('../components/browse/BrowseList');
const BrowseList = lazy(loadBrowseList);

// Opened at /shop, the list's chunk is asked for as soon as the scripts run, beside the first
// render rather than after it: one round trip less before the first photo.
if (typeof window !== 'undefined' && window.location.pathname === SHOP) loadBrowseList();

const EMPTY = { title: 'No products yet.', to: HOME, action: 'Back to the home page' };

export default function Shop() {
  return (
    <Layout title="All Products - Best offers">
      <h1 className="page-title">All Products</h1>
      <Suspense fallback={<ProductGridSkeleton />}>
        <BrowseList pageSize={SHOP_PAGE_SIZE} countText={(n) => `${n} product(s)`} empty={EMPTY} />
      </Suspense>
    </Layout>
  );
}
