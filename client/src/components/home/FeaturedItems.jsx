// Home: 3 featured (trending) items; each image goes to /shop.
import { Link } from 'react-router-dom';
import { SHOP } from '../../paths';

export const featured = [
  { src: '/featured-1.svg', name: 'Classic Tee' },
  { src: '/featured-2.svg', name: 'Summer Shirt' },
  { src: '/featured-3.svg', name: 'Everyday Hoodie' },
];

export default function FeaturedItems() {
  return (
    <section className="home-section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">Trending Now</h2>
      <ul className="tile-grid">
        {featured.map((item) => (
          <li key={item.src}>
            <Link to={SHOP} className="tile">
              <img src={item.src} alt={item.name} loading="lazy" />
              <span className="tile__label">{item.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
