import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../context/auth';
import { myOrdersQuery } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import OrderCard from '../../components/dashboard/OrderCard';
import OrdersBanner from '../../components/dashboard/OrdersBanner';
import ErrorState from '../../components/status/ErrorState';
import EmptyState from '../../components/status/EmptyState';
import { LOADING_TEXT } from '../../components/dashboard/texts';
import { SHOP } from '../../paths';

/** OrderList is the shopper's orders, newest first, with their loading, error and empty states. */
function OrderList({ token }) {
  const { data: orders, isPending, isError, refetch } = useQuery(myOrdersQuery(token));
  if (!token) return null;
  if (isPending) return <p aria-busy="true">{LOADING_TEXT}</p>;
  if (isError) return <ErrorState what="your orders" onRetry={refetch} />;
  if (orders.length === 0) {
    return <EmptyState title="You have no orders yet." to={SHOP} action="Start shopping" />;
  }
  return orders.map((order, i) => <OrderCard key={order._id} order={order} number={i + 1} />);
}

/** Orders lists the shopper's own orders, newest first; a failed load shows no toast. */
export default function Orders() {
  const [auth] = useAuth();
  return (
    <DashboardShell title="Your Orders" menu={<UserMenu />}>
      <OrdersBanner />
      <h1 className="dashboard__title">Orders</h1>
      <OrderList token={auth?.token} />
    </DashboardShell>
  );
}
