import { Card } from 'antd';
import ProductThumb from './ProductThumb';
import { preview } from './format';
import { useMoney } from '../../money';
import VariantText from '../variants/VariantText';

/** OrderProduct is one product of a shopper's order: photo, name, preview and price. */
export default function OrderProduct({ product }) {
  const money = useMoney();
  return (
    <Card size="small" cover={<ProductThumb product={product} height={150} />}>
      <h4 className="order-product__name" dir="auto">{product.name}</h4>
      <VariantText item={product} />
      <p style={{ margin: 0 }} dir="auto">{preview(product.description)}</p>
      <p style={{ margin: 0 }}>{money(product.price)}</p>
    </Card>
  );
}
