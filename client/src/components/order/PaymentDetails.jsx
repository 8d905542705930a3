import TermList from '../dashboard/TermList';
import { cardText, providerText } from './format';
import { when } from '../../dates';
import { useMoney } from '../../money';

/**
 * PaymentDetails shows how an order was paid (through whom, how much, with which card when the
 * gateway told it) and, once cancelled, when it was refunded.
 */
export default function PaymentDetails({ payment, refundedAt }) {
  const money = useMoney();
  const rows = [
    ['Provider', providerText(payment?.provider)],
    ['Paid', payment?.success ? money(payment.amount) : ''],
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
