// /categories: a grid of category links, each built from the API host plus /category/{slug}.
import { Link } from 'react-router-dom';
import Layout from '../components/Layout';
import useCategories from '../hooks/useCategories';
import { API_URL } from '../api/client';
import { categoryPath } from '../paths';

function CategoryLink({ category }) {
  const path = categoryPath(category.slug);
  // Same origin: a client-side link; another API host: a full address on that host.
  return API_URL ? (
    <a href={`${API_URL}${path}`} className="category-link">{category.name}</a>
  ) : (
    <Link to={path} className="category-link">{category.name}</Link>
  );
}

export default function Categories() {
  const categories = useCategories();
  return (
    <Layout title="All Categories">
      <h1 className="page-title">All Categories</h1>
      <ul className="category-grid">
        {categories.map((c) => (
          <li key={c._id}>
            <CategoryLink category={c} />
          </li>
        ))}
      </ul>
    </Layout>
  );
}
