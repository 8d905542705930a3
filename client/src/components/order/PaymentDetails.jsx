import TermList from '../dashboard/TermList';
import { cardText, providerText } from './format';
import { when } from '../../dates';

/** PaymentDetails shows how an order was paid and, once cancelled, when it was refunded. */
export default function PaymentDetails({ payment, refundedAt }) {
  const rows = [
    ['Provider', providerText(payment?.provider)],
    ['Card', cardText(payment)],
    ['Refunded', refundedAt ? when(refundedAt) : ''],
  ].filter(([, value]) => value);
  return (
    <section aria-labelledby="order-payment">
      <h2 id="order-payment">Payment</h2>
      <TermList rows={rows} />
    </section>
  );
}
