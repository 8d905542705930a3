// Home: 3 trending items, the newest products of the catalogue with their price. Each image
// opens /shop; each name opens its product.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import ProductPhoto from '../product/ProductPhoto';
import ErrorState from '../status/ErrorState';
import { productPageQuery } from '../../api/products';
import { productPath, SHOP } from '../../paths';
import { FEATURED_COUNT } from '../../rules';
import { useMoney } from '../../money';

// A tile is the screen's width less its margins on phones; its square photo takes three
// quarters of that in the 4:3 frame (see GRID_SIZES).
const TILE_SIZES = '(max-width: 599px) calc((100vw - 32px) * 0.75), 300px';

// The first tile's photo is the largest thing on a phone's first screen: it loads at once and
// first; the others load as they come near.
function TrendingItem({ product, money, first }) {
  return (
    <li className="tile">
      <Link to={SHOP} className="tile__photo">
        <ProductPhoto product={product} sizes={TILE_SIZES} eager={first} />
        <span className="visually-hidden"> (see all products)</span>
      </Link>
      <Link to={productPath(product.slug)} className="tile__label" dir="auto">{product.name}</Link>
      <span className="tile__price">{money(product.price)}</span>
    </li>
  );
}

export default function FeaturedItems() {
  const money = useMoney();
  const { data, isPending, isError, error, refetch } = useQuery(productPageQuery(1));
  let body;
  if (isError) body = <ErrorState what="the trending products" error={error} onRetry={refetch} />;
  else if (isPending) {
    body = (
      <ul className="tile-grid" aria-busy="true">
        {Array.from({ length: FEATURED_COUNT }, (_, i) => (
          <li key={i} className="tile" aria-hidden="true">
            <div className="photo-frame skeleton" />
            <div className="skeleton skeleton--line" />
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className="tile-grid">
        {data.slice(0, FEATURED_COUNT).map((p, i) => (
          <TrendingItem key={p._id} product={p} money={money} first={i === 0} />
        ))}
      </ul>
    );
  }
  return (
    <section className="home-section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">Trending Now</h2>
      {body}
    </section>
  );
}
