// A product card: photo, name, rupee price, 60-character description preview, a More Details
// link to /product/{slug} and (unless addable is false) an Add to Cart button.
import { Button, Card } from 'antd';
import { Link } from 'react-router-dom';
import { productPath } from '../../paths';
import { ADD_TO_CART, MORE_DETAILS, preview, price } from '../../texts';
import useAddToCart from '../../hooks/useAddToCart';
import ProductPhoto from './ProductPhoto';

export default function ProductCard({ product, addable = true }) {
  const add = useAddToCart();
  const actions = [
    <Link key="details" to={productPath(product.slug)}>
      {MORE_DETAILS}
    </Link>,
  ];
  if (addable) {
    actions.push(
      <Button key="add" type="primary" onClick={() => add(product)}>
        {ADD_TO_CART}
      </Button>,
    );
  }
  return (
    <article aria-label={product.name} className="product-card">
      <Card cover={<ProductPhoto product={product} height={220} />} actions={actions}>
        <div className="product-card__title">
          <h3>
            <Link to={productPath(product.slug)}>{product.name}</Link>
          </h3>
          <span className="product-card__price">{price(product.price)}</span>
        </div>
        <p className="product-card__text">{preview(product.description, 60)}...</p>
      </Card>
    </article>
  );
}
