// Home: 3 category tiles, each with an Explore button to /shop.
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SHOP } from '../../paths';
import { EXPLORE } from '../../texts';

export const tiles = [
  { src: '/tile-1.svg', name: 'Men', text: 'Shirts, tees and denim that last.' },
  { src: '/tile-2.svg', name: 'Women', text: 'Dresses, tops and layers for every season.' },
  { src: '/tile-3.svg', name: 'Kids', text: 'Comfy clothes made for play.' },
];

export default function CategoryTiles() {
  const navigate = useNavigate();
  return (
    <section className="home-section" aria-labelledby="tiles-heading">
      <h2 id="tiles-heading">Shop by Category</h2>
      <ul className="tile-grid">
        {tiles.map((tile) => (
          <li key={tile.src} className="category-tile">
            <img src={tile.src} alt={`${tile.name} collection`} loading="lazy" />
            <h3>{tile.name}</h3>
            <p>{tile.text}</p>
            <Button type="primary" onClick={() => navigate(SHOP)}>
              {EXPLORE}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
