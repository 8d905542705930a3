// A product card: photo (a link to the product, as the name is), name, price (from a filtered
// list, the price of the sizes and colours that match: `matchedPrice`; else the lowest its
// sizes sell at, as its page shows before a size is chosen), 60-character description
// preview, a More Details link to /product/{slug} and, given onAdd (which adds a product to
// the cart), an Add to Cart button, disabled under "Sold out" when nothing of the product is
// left (as on its page). The name is a heading of `level`, one below the heading the grid
// sits under.
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import { productPath } from '../../paths';
import { CARD_PREVIEW } from '../../rules';
import { ADD_TO_CART, MORE_DETAILS, SOLD_OUT, preview } from '../../texts';
import { useMoney } from '../../money';
import ProductPhoto from './ProductPhoto';
import { isSoldOut, shownPrice } from '../variants/variants';

function ProductCard({ product, onAdd, eager = false, level = 2 }) {
  const Heading = `h${level}`;
  const money = useMoney();
  const soldOut = isSoldOut(product);
  const soldOutId = useId();
  return (
    <article aria-label={product.name} className="product-card">
      {/* The photo opens the product too, for a finger; keyboards and screen readers meet the
          same link once, as the name's (SPEC sends only the home's trending photos to /shop). */}
      <Link to={productPath(product.slug)} className="product-card__photo" tabIndex={-1} aria-hidden="true">
        <ProductPhoto product={product} eager={eager} />
      </Link>
      <div className="product-card__body">
        <div className="product-card__title">
          <Heading className="product-card__name" dir="auto">
            <Link to={productPath(product.slug)}>{product.name}</Link>
          </Heading>
          <span className="product-card__price">{money(product.matchedPrice ?? shownPrice(product, {}))}</span>
        </div>
        <p className="product-card__text" dir="auto">{preview(product.description, CARD_PREVIEW)}...</p>
        {onAdd && soldOut && <p className="product-card__sold-out" id={soldOutId}>{SOLD_OUT}</p>}
      </div>
      <div className="product-card__actions">
        <Link to={productPath(product.slug)} className="btn">
          {MORE_DETAILS}
        </Link>
        {onAdd && (
          <button type="button" className="btn btn--primary" onClick={() => onAdd(product)}
            disabled={soldOut} aria-describedby={soldOut ? soldOutId : undefined}>
            {ADD_TO_CART}
          </button>
        )}
      </div>
    </article>
  );
}

export default memo(ProductCard);
