// Home: 3 tiles of the shop's categories, each opening its category, each with an Explore
// button to /shop. The tiles (and their Explore buttons) are there while the names load.
// The categories are whatever the admin made, so a tile's picture (by position, as the
// server's first screen draws it too) is a plain decoration that names no category: the
// tile's label is its category's name. When the names cannot be loaded, the section says
// so (and offers Try again when asking again can help) instead of showing no tiles.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import ErrorState from '../status/ErrorState';
import { categoriesQuery } from '../../api/categories';
import { categoryPath, SHOP } from '../../paths';
import { CATEGORY_TILE_COUNT } from '../../rules';
import { EXPLORE } from '../../texts';

const art = ['/tile-1.svg', '/tile-2.svg', '/tile-3.svg'];

export default function CategoryTiles() {
  const navigate = useNavigate();
  const { data, isPending, isError, error, refetch } = useQuery(categoriesQuery());
  const categories = data ?? [];
  const count = isPending ? CATEGORY_TILE_COUNT : Math.min(CATEGORY_TILE_COUNT, categories.length);
  if (isError) {
    return (
      <section className="home-section" aria-labelledby="tiles-heading">
        <h2 id="tiles-heading">Shop by Category</h2>
        <ErrorState what="the categories" error={error} onRetry={refetch} />
      </section>
    );
  }
  return (
    <section className="home-section" aria-labelledby="tiles-heading">
      <h2 id="tiles-heading">Shop by Category</h2>
      <ul className="tile-grid" aria-busy={isPending}>
        {Array.from({ length: count }, (_, i) => {
          const category = categories[i];
          return (
            <li key={category?._id ?? i} className="category-tile">
              <img src={art[i % art.length]} alt="" width="400" height="400" loading="lazy" />
              <h3>
                {category ? (
                  <Link to={categoryPath(category.slug)} dir="auto">{category.name}</Link>
                ) : (
                  <span className="skeleton skeleton--line" aria-label="Loading category" />
                )}
              </h3>
              <button type="button" className="btn btn--primary" onClick={() => navigate(SHOP)}>
                {EXPLORE}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
