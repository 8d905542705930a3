// A responsive grid of product cards.
import ProductCard from './ProductCard';

export default function ProductGrid({ products, addable = true, label = 'Products' }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={`${p._id}-${i}`}>
          <ProductCard product={p} addable={addable} />
        </li>
      ))}
    </ul>
  );
}
