import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../context/auth';
import { allOrdersQuery, ORDER_STATUS_ERROR, ORDERS_KEY, updateOrderStatus } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import AdminOrderCard from '../../components/dashboard/AdminOrderCard';
import ClientPager from '../../components/dashboard/ClientPager';
import ErrorState from '../../components/status/ErrorState';
import { LOADING_TEXT } from '../../components/dashboard/texts';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../rules';

/** AdminOrders lists every order, 3 a page, and lets the admin change each one's status. */
export default function AdminOrders() {
  const [auth] = useAuth();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const { data: orders = [], isPending, isError, refetch } = useQuery(allOrdersQuery(auth?.token));
  const status = useMutation({
    mutationFn: ({ order, value }) => updateOrderStatus(order._id, value),
    meta: { errorText: ORDER_STATUS_ERROR },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });

  const first = (page - 1) * ADMIN_ORDERS_PAGE_SIZE;
  const shown = orders.slice(first, first + ADMIN_ORDERS_PAGE_SIZE);
  let body;
  if (!auth?.token) body = null;
  else if (isPending) body = <p aria-busy="true">{LOADING_TEXT}</p>;
  else if (isError) body = <ErrorState what="the orders" onRetry={refetch} />;
  else if (orders.length === 0) body = <p>No orders yet.</p>;
  else {
    body = (
      <>
        {shown.map((order, i) => (
          <AdminOrderCard key={order._id} order={order} number={first + i + 1}
            onStatusChange={(o, value) => status.mutate({ order: o, value })} />
        ))}
        <ClientPager page={page} pageSize={ADMIN_ORDERS_PAGE_SIZE} total={orders.length} onChange={setPage} />
      </>
    );
  }

  return (
    <DashboardShell title="All Orders Data" menu={<AdminMenu />}>
      <h1 className="dashboard__title">All Orders</h1>
      {body}
    </DashboardShell>
  );
}
