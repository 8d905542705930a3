import { Card, Row, Col } from 'antd';
import { Link } from 'react-router-dom';
import OrderSummary from './OrderSummary';
import OrderProduct from './OrderProduct';
import { fromNow } from '../../dates';
import { USER_ORDER } from '../../paths';

/**
 * OrderCard shows one of the shopper's orders: its date and a link to the order's own page,
 * its summary and a grid of its products. The title has the card's head to itself, so a
 * phone shows it whole.
 */
export default function OrderCard({ order, number }) {
  return (
    <Card
      title={<h2 className="order-card__title">Order #{number}</h2>}
      style={{ marginBottom: 16 }}
      role="article"
      aria-label={`Order #${number}`}
    >
      <p className="order-card__meta">
        <span>{fromNow(order.createdAt)}</span>
        <Link to={USER_ORDER(order._id)} className="tap-link" aria-label={`View order #${number}`}>
          View order
        </Link>
      </p>
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
