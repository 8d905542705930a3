import { Card } from 'antd';
import ProductThumb from './ProductThumb';
import { preview } from './format';
import { price } from '../../texts';

/** OrderProduct is one product of a shopper's order: photo, name, preview and rupee price. */
export default function OrderProduct({ product }) {
  return (
    <Card size="small" cover={<ProductThumb product={product} height={150} />}>
      <h5 style={{ margin: 0 }}>{product.name}</h5>
      <p style={{ margin: 0 }}>{preview(product.description)}</p>
      <p style={{ margin: 0 }}>{price(product.price)}</p>
    </Card>
  );
}
