// /category/{slug}: heading Category - {name}, the result count and the product cards.
// A failed load shows the server's message or Error loading products as a toast (from the
// query's meta) and, on the page, what went wrong: an unknown category leads back to the
// shop, any other failure offers Try again. Nothing of the heading or count shows until the
// category has loaded.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Layout from '../components/Layout';
import ProductGrid from '../components/product/ProductGrid';
import ProductGridSkeleton from '../components/status/ProductGridSkeleton';
import ErrorState from '../components/status/ErrorState';
import EmptyState from '../components/status/EmptyState';
import { categoryProductsQuery } from '../api/products';
import { SHOP } from '../paths';

export default function CategoryProducts() {
  const { slug } = useParams();
  const { data, isPending, error, refetch } = useQuery(categoryProductsQuery(slug));

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
  if (error || !data.category) {
    const unknown = !error || error.status === 404;
    return (
      <Layout title="Category">
        <h1 className="page-title">{unknown ? 'No such category' : 'Category'}</h1>
        {unknown ? (
          <EmptyState title="This category does not exist (any more)." to={SHOP} action="Browse all products" />
        ) : (
          <ErrorState what="this category" onRetry={refetch} />
        )}
      </Layout>
    );
  }

  const { category, products } = data;
  return (
    <Layout title={category.name}>
      <h1 className="page-title">Category - {category.name}</h1>
      <p className="result-count">{products.length} result found</p>
      {products.length > 0 ? (
        <ProductGrid products={products} />
      ) : (
        <EmptyState title="Nothing in this category yet." to={SHOP} action="Browse all products" />
      )}
    </Layout>
  );
}
