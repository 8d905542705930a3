import { Card } from 'antd';
import StatusSelect from './StatusSelect';
import AdminOrderProduct from './AdminOrderProduct';
import { fromNow } from './format';
import { PAYMENT_TEXT } from '../../rules';

const COLUMNS = ['#', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity'];

/** AdminOrderCard shows one order to the admin, with a dropdown to change its status. */
export default function AdminOrderCard({ order, number, onStatusChange }) {
  return (
    <Card title={<h2 className="order-card__title">Order #{number}</h2>} style={{ marginBottom: 16 }} role="article" aria-label={`Order #${number}`}>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`Order #${number} details`}>
      <table style={{ width: '100%', marginBottom: 16 }}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" style={{ textAlign: 'left' }}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{number}</td>
            <td>
              <StatusSelect
                label={`Status of order #${number}`}
                value={order.status}
                onChange={(status) => onStatusChange(order, status)}
              />
            </td>
            <td>{order.buyer?.name}</td>
            <td>{fromNow(order.createdAt)}</td>
            <td>{PAYMENT_TEXT}</td>
            <td>{order.products?.length ?? 0}</td>
          </tr>
        </tbody>
      </table>
      </div>
      {order.products?.map((product, i) => (
        <AdminOrderProduct key={`${product._id}-${i}`} product={product} />
      ))}
    </Card>
  );
}
