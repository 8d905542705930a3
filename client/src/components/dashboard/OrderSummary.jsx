import TermList from './TermList';
import { PAYMENT_TEXT } from '../../rules';

/** OrderSummary lists an order's status, buyer, payment and quantity as a term list. */
export default function OrderSummary({ order }) {
  return (
    <TermList
      rows={[
        ['Status', order.status],
        ['Buyer', <bdi>{order.buyer?.name}</bdi>],
        ['Payment', PAYMENT_TEXT],
        ['Quantity', order.products?.length ?? 0],
      ]}
    />
  );
}
