import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../context/auth';
import { errorMessage } from '../../api/client';
import { getAllOrders, updateOrderStatus } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import AdminOrderCard from '../../components/dashboard/AdminOrderCard';
import ClientPager from '../../components/dashboard/ClientPager';
import { newestFirst } from '../../components/dashboard/format';
import { LOADING_TEXT } from '../../components/dashboard/texts';

const PAGE_SIZE = 3;

/** AdminOrders lists every order, 3 a page, and lets the admin change each one's status. */
export default function AdminOrders() {
  const [auth] = useAuth();
  const [orders, setOrders] = useState([]);
  const [loading, setLoading] = useState(false);
  const [page, setPage] = useState(1);

  const load = useCallback(async () => {
    try {
      const list = await getAllOrders();
      setOrders(newestFirst(Array.isArray(list) ? list : []));
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong while fetching orders'));
    }
  }, []);

  useEffect(() => {
    if (!auth?.token) return;
    setLoading(true);
    load().finally(() => setLoading(false));
  }, [auth?.token, load]);

  const changeStatus = async (order, status) => {
    try {
      await updateOrderStatus(order._id, status);
      await load();
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong while updating order status'));
    }
  };

  const first = (page - 1) * PAGE_SIZE;
  const shown = orders.slice(first, first + PAGE_SIZE);

  return (
    <DashboardShell title="All Orders Data" menu={<AdminMenu />}>
      <h1 style={{ textAlign: 'center' }}>All Orders</h1>
      {loading ? (
        <p>{LOADING_TEXT}</p>
      ) : (
        <>
          {shown.map((order, i) => (
            <AdminOrderCard key={order._id} order={order} number={first + i + 1} onStatusChange={changeStatus} />
          ))}
          <ClientPager page={page} pageSize={PAGE_SIZE} total={orders.length} onChange={setPage} />
        </>
      )}
    </DashboardShell>
  );
}
