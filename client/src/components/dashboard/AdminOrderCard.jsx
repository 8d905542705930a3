import { Card } from 'antd';
import StatusSelect from './StatusSelect';
import AdminOrderProduct from './AdminOrderProduct';
import StackLabel from './StackLabel';
import { fromNow } from '../../dates';
import { PAYMENT_TEXT } from '../../rules';
import ScrollRegion from './ScrollRegion';

/**
 * AdminOrderCard shows one order to the admin, with a dropdown to change its status. Above its
 * table comes the order's number (CS-..., what a shopper quotes from their mail and order page)
 * and Refunded once it was. The table (#, Status, Buyer, Date, Payment, Quantity) stacks on
 * phones, a line per column. `pendingStatus`, while a change of its status is under way, is the
 * status chosen: the dropdown shows it, busy, and takes no other change until it is done.
 * The table's region is a Tab stop only while it scrolls sideways, for the arrow keys to
 * scroll it: elsewhere each card's stop did nothing.
 */
export default function AdminOrderCard({ order, number, pendingStatus, onStatusChange }) {
  const columns = [
    ['#', number],
    ['Status', (
      <StatusSelect
        label={`Status of order #${number}`}
        value={pendingStatus ?? order.status}
        busy={Boolean(pendingStatus)}
        onChange={(status) => onStatusChange(order, status)}
      />
    )],
    ['Buyer', <bdi>{order.buyer?.name}</bdi>],
    ['Date', fromNow(order.createdAt)],
    ['Payment', PAYMENT_TEXT],
    ['Quantity', order.products?.length ?? 0],
  ];
  return (
    <Card title={<h2 className="order-card__title">Order #{number}</h2>} style={{ marginBottom: 16 }} role="article" aria-label={`Order #${number}`}>
      {order.number && (
        <p className="order-card__number">
          Order <span className="order-number">{order.number}</span>
          {order.refundedAt && <> <span className="order-card__refunded">Refunded</span></>}
        </p>
      )}
      <ScrollRegion label={`Order #${number} details`}>
        <table className="stack-table" style={{ width: '100%', marginBottom: 16 }}>
          <thead>
            <tr>
              {columns.map(([column]) => (
                <th key={column} scope="col" style={{ textAlign: 'left' }}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {columns.map(([column, value]) => (
                <td key={column}>
                  <StackLabel>{column}</StackLabel>
                  {value}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      {order.products?.map((product, i) => (
        <AdminOrderProduct key={`${product._id}-${i}`} product={product} />
      ))}
    </Card>
  );
}
