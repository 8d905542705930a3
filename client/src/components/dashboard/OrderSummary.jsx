import { PAYMENT_TEXT } from '../../rules';

/** OrderSummary lists an order's status, buyer, payment and quantity as a term list. */
export default function OrderSummary({ order }) {
  const rows = [
    ['Status', order.status],
    ['Buyer', order.buyer?.name],
    ['Payment', PAYMENT_TEXT],
    ['Quantity', order.products?.length ?? 0],
  ];
  return (
    <dl className="order-summary" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt style={{ fontWeight: 600 }}>{term}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
