import ProductThumb from '../dashboard/ProductThumb';
import { useMoney } from '../../money';
import VariantText from '../variants/VariantText';

/** OrderItems lists what an order holds: photo, name, size and colour when chosen, price. */
export default function OrderItems({ items }) {
  const money = useMoney();
  return (
    <ul className="order-items" aria-label="Items" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item, i) => (
        <li key={`${item._id}-${i}`} style={{ display: 'grid', gridTemplateColumns: '96px 1fr auto', gap: 12,
          alignItems: 'center', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <ProductThumb product={item} height={80} />
          <div>
            <p style={{ margin: 0, fontWeight: 600 }} dir="auto">{item.name}</p>
            <VariantText item={item} />
          </div>
          <p style={{ margin: 0 }}>{money(item.price)}</p>
        </li>
      ))}
    </ul>
  );
}
