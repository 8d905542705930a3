// One cart line: photo, name, the size and colour chosen, 50-character description preview,
// price and Remove; an `unavailable` line (the shop no longer sells it, or no longer as chosen)
// says so, the second with a link to choose again on the product as `sold` now, and a `short`
// one ({left, count}: the cart holds more than the shop has) says how many are left.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CART_PREVIEW } from '../../rules';
import { cartShortText, preview } from '../../texts';
import { useMoney } from '../../money';
import ProductPhoto from '../product/ProductPhoto';
import VariantText from '../variants/VariantText';
import { CHOICE_GONE } from './currentLine';
import { productPath } from '../../paths';
import { firstClickOnly } from '../../clicks';

export const NO_LONGER_SOLD = 'No longer sold: remove it to check out.';
export const NO_LONGER_SOLD_AS_CHOSEN = 'No longer sold as chosen: remove it to check out.';

export default function CartLine({ product, unavailable = false, short, sold, onRemove, removeDisabled = false }) {
  const money = useMoney();
  const nameId = useId();
  return (
    <article className="cart-line" aria-label={product.name}>
      <ProductPhoto product={product} sizes="120px" className="cart-line__photo" />
      <div className="cart-line__info">
        <h2 className="cart-line__name" id={nameId} dir="auto">{product.name}</h2>
        <VariantText item={product} />
        <p dir="auto">{preview(product.description, CART_PREVIEW)}</p>
        <p className="cart-line__price">Price : {money(product.price)}</p>
        {unavailable === CHOICE_GONE && (
          <p className="cart-line__gone">
            {NO_LONGER_SOLD_AS_CHOSEN}{' '}
            <Link to={productPath((sold ?? product).slug)} className="tap-link">Choose again</Link>
          </p>
        )}
        {unavailable && unavailable !== CHOICE_GONE && <p className="cart-line__gone">{NO_LONGER_SOLD}</p>}
        {short && <p className="cart-line__gone">{cartShortText(short.left, short.count)}</p>}
      </div>
      {/* SPEC names the button Remove; which line it removes is its description. */}
      <button type="button" className="btn btn--danger" aria-describedby={nameId}
        onClick={firstClickOnly(onRemove)}
        disabled={removeDisabled}>Remove</button>
    </article>
  );
}
