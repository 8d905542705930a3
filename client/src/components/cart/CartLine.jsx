// One cart line: photo, name, 50-character description preview, rupee price and Remove.
import { Button } from 'antd';
import { preview, price } from '../../texts';
import ProductPhoto from '../product/ProductPhoto';

export default function CartLine({ product, onRemove }) {
  return (
    <article className="cart-line" aria-label={product.name}>
      <ProductPhoto product={product} className="cart-line__photo" />
      <div className="cart-line__info">
        <h3>{product.name}</h3>
        <p>{preview(product.description, 50)}</p>
        <p className="cart-line__price">Price : {price(product.price)}</p>
      </div>
      <Button danger onClick={onRemove}>Remove</Button>
    </article>
  );
}
