import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../context/auth';
import { allOrdersQuery, ORDERS_KEY, updateOrderStatus } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import AdminOrderCard from '../../components/dashboard/AdminOrderCard';
import PagedList from '../../components/dashboard/PagedList';
import { ORDER_STATUS_ERROR } from '../../texts';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../rules';

/**
 * AdminOrders lists every order, 3 a page from the server, numbered across pages, and lets
 * the admin change each one's status. A change that lands is told to screen readers (SPEC shows
 * it with no toast; the list's reload alone says nothing to them). While a change is under
 * way its order's dropdown shows the status chosen, busy and closed to another change, until
 * the reloaded list has it. A change that fails is followed by a reload of the list too, and
 * its dropdown stays busy until then: the server may have made the change and lost the answer
 * (the order shipped, the shopper mailed), so the dropdown shows the status the order has.
 */
export default function AdminOrders() {
  const [auth] = useAuth();
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState('');
  const heading = useRef(null);
  // The status each order is being set to, by order id, while its change is under way.
  const [pending, setPending] = useState({});
  const status = useMutation({
    mutationFn: ({ order, value }) => updateOrderStatus(order._id, value),
    meta: { errorText: ORDER_STATUS_ERROR, rereadOnError: [ORDERS_KEY] },
    onSuccess: (_answer, { number, value }) => {
      setChanged(`Order #${number} is now ${value}.`);
      return queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    onSettled: (_answer, _error, { order }) =>
      setPending(({ [order._id]: _done, ...others }) => others),
  });
  const changeStatus = (order, value, number) => {
    if (pending[order._id]) return;
    setPending((p) => ({ ...p, [order._id]: value }));
    status.mutate({ order, value, number });
  };

  return (
    <DashboardShell title="All Orders Data" menu={<AdminMenu />}>
      <h1 className="dashboard__title" ref={heading} tabIndex={-1}>All Orders</h1>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">{changed}</p>
      {auth?.token && (
        <PagedList heading={heading} pageOf={(n) => allOrdersQuery(auth.token, n, ADMIN_ORDERS_PAGE_SIZE)}
          pageSize={ADMIN_ORDERS_PAGE_SIZE} what="the orders" empty={<p>No orders yet.</p>}>
          {(data, first) => data.orders.map((order, i) => (
            <AdminOrderCard key={order._id} order={order} number={first + i + 1}
              pendingStatus={pending[order._id]}
              onStatusChange={(o, value) => changeStatus(o, value, first + i + 1)} />
          ))}
        </PagedList>
      )}
    </DashboardShell>
  );
}
