// /shop: product cards, page by page. The first page and the total load together; Load more
// appends the next page and shows only while fewer than the total are loaded. How many pages
// are loaded lives in the address, so Back from a product brings the same list (and, from
// the cache, the same scroll position). Failures show no toast: the list shows its error
// state with Try again.
import { useQueries, useQuery } from '@tanstack/react-query';
import Layout from '../components/Layout';
import ProductGrid from '../components/product/ProductGrid';
import ProductGridSkeleton from '../components/status/ProductGridSkeleton';
import ErrorState from '../components/status/ErrorState';
import EmptyState from '../components/status/EmptyState';
import useLoadedPages from '../hooks/useLoadedPages';
import { productCountQuery, productPageQuery } from '../api/products';
import { HOME } from '../paths';
import { LOAD_MORE } from '../texts';

export default function Shop() {
  const [pages, loadMore] = useLoadedPages();
  const count = useQuery(productCountQuery());
  const loaded = useQueries({
    queries: Array.from({ length: pages }, (_, i) => productPageQuery(i + 1)),
  });
  // Pages show in order up to the first one that is not there yet.
  const ready = [];
  for (const page of loaded) {
    if (!page.data) break;
    ready.push(page);
  }
  const products = ready.flatMap((page) => page.data);
  const failures = [count, ...loaded].filter((query) => query.isError);
  const failed = failures.length > 0;
  const busy = ready.length < loaded.length && !failed;
  const retry = () => failures.forEach((query) => query.refetch());
  const total = count.data ?? 0;

  let body;
  if (ready.length === 0 && loaded[0].isError) body = <ErrorState what="the products" onRetry={retry} />;
  else if (ready.length === 0) body = <ProductGridSkeleton />;
  else if (products.length === 0) {
    body = <EmptyState title="No products yet." to={HOME} action="Back to the home page" />;
  } else body = <ProductGrid products={products} />;

  return (
    <Layout title="All Products - Best offers">
      <h1 className="page-title">All Products</h1>
      {body}
      {ready.length > 0 && failed && <ErrorState what="more products" onRetry={retry} />}
      <div className="load-more">
        {ready.length > 0 && !failed && products.length < total && (
          <button type="button" className="btn" onClick={loadMore} disabled={busy} aria-busy={busy}>
            {LOAD_MORE}
          </button>
        )}
      </div>
    </Layout>
  );
}
