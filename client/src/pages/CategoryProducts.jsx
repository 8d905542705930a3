// /category/{slug}: heading Category - {name}, the result count and the product cards, with
// the filter panel (all but the category), the sort select and Load more. A failed load shows
// the server's message or Error loading products as a toast (from the query's meta) and, on
// the page, Try again (a refusal: the server's message instead); an unknown category leads
// back to the shop. Nothing of the heading or count shows until the categories have loaded.
// The list loads as its own chunk. Its first page needs only the slug: that call and the list's
// chunk are asked for as the page opens, beside the categories, not after them.
import { useEffect } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Layout from '../components/Layout';
import BrowseList, { loadBrowseList } from '../components/browse/LazyBrowseList';
import ProductGridSkeleton from '../components/status/ProductGridSkeleton';
import ErrorState from '../components/status/ErrorState';
import EmptyState from '../components/status/EmptyState';
import { categoriesQuery } from '../api/categories';
import { browseQuery, listFilters } from '../api/browse';
import useBrowseFilters from '../hooks/useBrowseFilters';
import { SHOP } from '../paths';
import { CATEGORY_PAGE_SIZE } from '../rules';
import { ERROR_LOADING_PRODUCTS } from '../texts';

const EMPTY = { title: 'Nothing in this category yet.', to: SHOP, action: 'Browse all products' };

export default function CategoryProducts() {
  const { slug } = useParams();
  const { data: categories, isPending, error, refetch } = useQuery(categoriesQuery());
  const [filters] = useBrowseFilters();
  usePrefetchQuery(browseQuery(listFilters(filters, slug), 1, CATEGORY_PAGE_SIZE, ERROR_LOADING_PRODUCTS));
  // A failure is left to the list, whose render asks again (chunks.js) and fails the page then.
  useEffect(() => {
    loadBrowseList().catch(() => {});
  }, []);

  if (isPending) {
    return (
      <Layout title="Category">
        <h1 className="page-title">
          <span className="skeleton skeleton--heading" aria-hidden="true" />
          <span className="visually-hidden">Loading category</span>
        </h1>
        <ProductGridSkeleton />
      </Layout>
    );
  }
  const category = categories?.find((c) => c.slug === slug);
  if (error || !category) {
    return (
      <Layout title="Category">
        <h1 className="page-title">{error ? 'Category' : 'No such category'}</h1>
        {error ? (
          <ErrorState what="this category" error={error} onRetry={refetch} />
        ) : (
          <EmptyState title="This category does not exist (any more)." to={SHOP} action="Browse all products" />
        )}
      </Layout>
    );
  }

  return (
    <Layout title={category.name}>
      <h1 className="page-title">Category - <bdi>{category.name}</bdi></h1>
      <BrowseList
        key={slug}
        category={slug}
        pageSize={CATEGORY_PAGE_SIZE}
        countText={(n) => `${n} result found`}
        errorText={ERROR_LOADING_PRODUCTS}
        empty={EMPTY}
      />
    </Layout>
  );
}
