import { Card, Row, Col } from 'antd';
import ProductThumb from './ProductThumb';
import { preview } from './format';
import { useMoney } from '../../money';
import VariantText from '../variants/VariantText';

/** AdminOrderProduct is one product of an order on the admin's page: photo, name, preview, price (in dollars for the default currency). */
export default function AdminOrderProduct({ product }) {
  const money = useMoney('admin-orders');
  return (
    <Card size="small" style={{ marginBottom: 8 }}>
      <Row gutter={16} align="middle">
        <Col xs={24} sm={8}>
          <ProductThumb product={product} height={100} />
        </Col>
        <Col xs={24} sm={16}>
          <p style={{ margin: 0, fontWeight: 600 }} dir="auto">{product.name}</p>
          <VariantText item={product} />
          <p style={{ margin: 0 }} dir="auto">{`${preview(product.description)}...`}</p>
          <p style={{ margin: 0 }}>{money(product.price)}</p>
        </Col>
      </Row>
    </Card>
  );
}
