import { Card, Row, Col, Space } from 'antd';
import { Link } from 'react-router-dom';
import OrderSummary from './OrderSummary';
import OrderProduct from './OrderProduct';
import { fromNow } from './format';
import { USER_ORDER } from '../../paths';

/**
 * OrderCard shows one of the shopper's orders: its summary, a grid of its products and a link
 * to the order's own page.
 */
export default function OrderCard({ order, number }) {
  return (
    <Card
      title={<h2 className="order-card__title">Order #{number}</h2>}
      extra={
        <Space size="middle" wrap>
          <span>{fromNow(order.createdAt)}</span>
          <Link to={USER_ORDER(order._id)} aria-label={`View order #${number}`}>View order</Link>
        </Space>
      }
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
