import { Card, Row, Col } from 'antd';
import OrderSummary from './OrderSummary';
import OrderProduct from './OrderProduct';
import { fromNow } from './format';

/** OrderCard shows one of the shopper's orders: its summary and a grid of its products. */
export default function OrderCard({ order, number }) {
  return (
    <Card
      title={<h2 className="order-card__title">Order #{number}</h2>}
      extra={<span>{fromNow(order.createdAt)}</span>}
      style={{ marginBottom: 16 }}
      role="article"
      aria-label={`Order #${number}`}
    >
      <OrderSummary order={order} />
      <h3>Products</h3>
      <Row gutter={[16, 16]}>
        {order.products?.map((product, i) => (
          <Col key={`${product._id}-${i}`} xs={24} sm={12} lg={8}>
            <OrderProduct product={product} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
