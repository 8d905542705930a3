// A responsive grid of product cards. The photos of the first row load at once; the rest
// load as they come near the screen. A card draws again only when its product changes: a
// list grown by Load more to thousands of cards draws only the new ones (so the cards share
// one Add to Cart, which adds once where the grid is, as each card's did).
import ProductCard from './ProductCard';
import useAddToCart from '../../hooks/useAddToCart';

const CARD_MIN_WIDTH = 260;

/** firstRowSize estimates how many cards the first row holds at the window's width. */
export const firstRowSize = () =>
  Math.max(1, Math.floor(((typeof window === 'undefined' ? 1024 : window.innerWidth) - 32) / CARD_MIN_WIDTH));

export default function ProductGrid({ products, addable = true, label = 'Products', level = 2 }) {
  const eager = firstRowSize();
  const add = useAddToCart();
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={`${p._id}-${i}`}>
          <ProductCard product={p} onAdd={addable ? add : undefined} eager={i < eager} level={level} />
        </li>
      ))}
    </ul>
  );
}
