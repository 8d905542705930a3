// /dashboard/user/orders/{id}: one of the shopper's orders in full: its number and date, what
// was bought (photo, size and colour, price), the total, the payment, the status history as a
// timeline, and Cancel order while it has not shipped. An order the server refuses to show
// (not the shopper's, unknown, a malformed id) says why in the server's words.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../context/auth';
import { orderQuery } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import TermList from '../../components/dashboard/TermList';
import { fromNow, when } from '../../dates';
import { LOADING_TEXT } from '../../texts';
import ErrorState from '../../components/status/ErrorState';
import OrderItems from '../../components/order/OrderItems';
import PaymentDetails from '../../components/order/PaymentDetails';
import StatusTimeline from '../../components/order/StatusTimeline';
import CancelOrder from '../../components/order/CancelOrder';
import { useMoney } from '../../money';
import { USER_ORDERS } from '../../paths';
import { canCancel } from '../../rules';

function OrderBody({ order, token }) {
  const money = useMoney();
  // A cancel takes its button away with the dialog: focus goes to the order's heading rather
  // than to the top of the page, once the dialog is gone (open, it keeps focus inside).
  const heading = useRef(null);
  const [cancelled, setCancelled] = useState(false);
  const cancellable = canCancel(order);
  useEffect(() => {
    if (cancelled && !cancellable) heading.current?.focus();
  }, [cancelled, cancellable]);
  return (
    <article aria-labelledby="order-heading" className="order-page">
      <h1 id="order-heading" className="dashboard__title" tabIndex={-1} ref={heading}>Order <span className="order-number">{order.number}</span></h1>
      <TermList
        rows={[
          ['Placed', <><time dateTime={order.createdAt}>{when(order.createdAt)}</time> ({fromNow(order.createdAt)})</>],
          ['Status', order.status],
          ['Total', money(order.total)],
        ]}
      />
      {cancellable && (
        <p style={{ marginTop: 16 }}>
          <CancelOrder order={order} token={token} onCancelled={() => setCancelled(true)} />
        </p>
      )}
      <h2>Items</h2>
      <OrderItems items={order.products ?? []} />
      <PaymentDetails payment={order.payment} refundedAt={order.refundedAt} />
      <StatusTimeline history={order.history} />
    </article>
  );
}

export default function OrderDetail() {
  const { id } = useParams();
  const [auth] = useAuth();
  const { data: order, isPending, isError, error, refetch } = useQuery(orderQuery(auth?.token, id));

  let body;
  if (!auth?.token) body = null;
  else if (isPending) body = <p aria-busy="true">{LOADING_TEXT}</p>;
  else if (isError) {
    body = (
      <ErrorState what="this order" error={error} onRetry={refetch}>
        <Link to={USER_ORDERS} className="btn">Back to your orders</Link>
      </ErrorState>
    );
  }
  else body = <OrderBody order={order} token={auth.token} />;

  return (
    <DashboardShell title={order?.number ? `Order ${order.number}` : 'Your Order'} menu={<UserMenu />}>
      <p><Link to={USER_ORDERS} className="tap-link">← All your orders</Link></p>
      {body}
    </DashboardShell>
  );
}
