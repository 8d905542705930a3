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

const TILE_SIZES = '(max-width: 599px) calc(100vw - 32px), 400px';

function TrendingItem({ product, money }) {
  return (
    <li className="tile">
      <Link to={SHOP} className="tile__photo">
        <ProductPhoto product={product} sizes={TILE_SIZES} />
        <span className="visually-hidden"> (see all products)</span>
      </Link>
      <Link to={productPath(product.slug)} className="tile__label">{product.name}</Link>
      <span className="tile__price">{money(product.price)}</span>
    </li>
  );
}

export default function FeaturedItems() {
  const money = useMoney();
  const { data, isPending, isError, refetch } = useQuery(productPageQuery(1));
  let body;
  if (isError) body = <ErrorState what="the trending products" onRetry={refetch} />;
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
        {data.slice(0, FEATURED_COUNT).map((p) => <TrendingItem key={p._id} product={p} money={money} />)}
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
