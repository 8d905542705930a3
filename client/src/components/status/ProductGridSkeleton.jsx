// The loading state of a product grid: grey cards the size of real ones, so nothing moves
// when the products arrive. The region is marked busy and says what is loading.
export default function ProductGridSkeleton({ count = 6, label = 'Products' }) {
  return (
    <div className="product-grid-loading" aria-busy="true" aria-live="polite">
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">Loading {label.toLowerCase()}…</p>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="product-card product-card--skeleton">
            <div className="photo-frame skeleton" />
            <div className="product-card__body">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
