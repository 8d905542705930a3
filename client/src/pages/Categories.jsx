// /categories: a grid of category links, each built from the API host plus /category/{slug}.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import Layout from '../components/Layout';
import ErrorState from '../components/status/ErrorState';
import EmptyState from '../components/status/EmptyState';
import { API_URL } from '../api/client';
import { categoriesQuery } from '../api/categories';
import { categoryPath, SHOP } from '../paths';

function CategoryLink({ category }) {
  const path = categoryPath(category.slug);
  // Same origin: a client-side link; another API host: a full address on that host.
  return API_URL ? (
    <a href={`${API_URL}${path}`} className="category-link" dir="auto">{category.name}</a>
  ) : (
    <Link to={path} className="category-link" dir="auto">{category.name}</Link>
  );
}

function CategoryList() {
  const { data: categories, isPending, isError, error, refetch } = useQuery(categoriesQuery());
  if (isPending) {
    return (
      <ul className="category-grid" aria-busy="true" aria-label="Loading categories">
        {[0, 1, 2].map((i) => <li key={i} className="skeleton category-link category-link--skeleton" />)}
      </ul>
    );
  }
  if (isError) return <ErrorState what="the categories" error={error} onRetry={refetch} />;
  if (categories.length === 0) return <EmptyState title="No categories yet." to={SHOP} action="Browse all products" />;
  return (
    <ul className="category-grid">
      {categories.map((c) => (
        <li key={c._id}>
          <CategoryLink category={c} />
        </li>
      ))}
    </ul>
  );
}

export default function Categories() {
  return (
    <Layout title="All Categories">
      <h1 className="page-title">All Categories</h1>
      <CategoryList />
    </Layout>
  );
}
