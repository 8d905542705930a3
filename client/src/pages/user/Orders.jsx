import { useEffect, useState } from 'react';
import { useAuth } from '../../context/auth';
import { getOrders } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import OrderCard from '../../components/dashboard/OrderCard';
import OrdersBanner from '../../components/dashboard/OrdersBanner';
import { newestFirst } from '../../components/dashboard/format';
import { LOADING_TEXT } from '../../components/dashboard/texts';

/** Orders lists the shopper's own orders, newest first. */
export default function Orders() {
  const [auth] = useAuth();
  const [orders, setOrders] = useState([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!auth?.token) return undefined;
    let live = true;
    setLoading(true);
    getOrders()
      .then((list) => live && setOrders(newestFirst(Array.isArray(list) ? list : [])))
      .catch((error) => console.error(error)) // a silent failure (SPEC.md §8)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [auth?.token]);

  return (
    <DashboardShell title="Your Orders" menu={<UserMenu />}>
      <OrdersBanner />
      <h2 style={{ textAlign: 'center', marginTop: 16 }}>Orders</h2>
      {loading ? (
        <p>{LOADING_TEXT}</p>
      ) : (
        orders.map((order, i) => <OrderCard key={order._id} order={order} number={i + 1} />)
      )}
    </DashboardShell>
  );
}
