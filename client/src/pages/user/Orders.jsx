import { useAuth } from '../../context/auth';
import { myOrdersQuery } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import OrderCard from '../../components/dashboard/OrderCard';
import OrdersBanner from '../../components/dashboard/OrdersBanner';
import Pager from '../../components/dashboard/Pager';
import ErrorState from '../../components/status/ErrorState';
import EmptyState from '../../components/status/EmptyState';
import { LOADING_TEXT } from '../../texts';
import usePagedQuery from '../../hooks/usePagedQuery';
import { SHOP } from '../../paths';
import { USER_ORDERS_PAGE_SIZE } from '../../rules';

/**
 * OrderList is the shopper's orders, newest first, a page at a time from the server and
 * numbered across pages, with their loading, error and empty states.
 */
function OrderList({ token }) {
  const { data, isPending, isError, error, refetch, page, setPage } = usePagedQuery(
    (n) => myOrdersQuery(token, n, USER_ORDERS_PAGE_SIZE),
    USER_ORDERS_PAGE_SIZE,
  );
  if (!token) return null;
  if (isPending) return <p aria-busy="true">{LOADING_TEXT}</p>;
  if (isError) return <ErrorState what="your orders" error={error} onRetry={refetch} />;
  if (data.total === 0) {
    return <EmptyState title="You have no orders yet." to={SHOP} action="Start shopping" />;
  }
  const first = (data.page - 1) * USER_ORDERS_PAGE_SIZE;
  return (
    <>
      {data.orders.map((order, i) => <OrderCard key={order._id} order={order} number={first + i + 1} />)}
      {data.total > USER_ORDERS_PAGE_SIZE && (
        <Pager page={page} pageSize={USER_ORDERS_PAGE_SIZE} total={data.total} onChange={setPage} />
      )}
    </>
  );
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
