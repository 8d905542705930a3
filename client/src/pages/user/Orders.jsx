import { useRef } from 'react';
import { useAuth } from '../../context/auth';
import { myOrdersQuery } from '../../api/orders';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import OrderCard from '../../components/dashboard/OrderCard';
import OrdersBanner from '../../components/dashboard/OrdersBanner';
import PagedList from '../../components/dashboard/PagedList';
import EmptyState from '../../components/status/EmptyState';
import { SHOP } from '../../paths';
import { USER_ORDERS_PAGE_SIZE } from '../../rules';

/**
 * Orders lists the shopper's own orders, newest first, a page at a time from the server and
 * numbered across pages; a failed load shows no toast.
 */
export default function Orders() {
  const [auth] = useAuth();
  const heading = useRef(null);
  return (
    <DashboardShell title="Your Orders" menu={<UserMenu />}>
      <OrdersBanner />
      <h1 className="dashboard__title" ref={heading} tabIndex={-1}>Orders</h1>
      {auth?.token && (
        <PagedList heading={heading} pageOf={(n) => myOrdersQuery(auth.token, n, USER_ORDERS_PAGE_SIZE)}
          pageSize={USER_ORDERS_PAGE_SIZE} what="your orders" pagerOnOnePage={false}
          empty={<EmptyState title="You have no orders yet." to={SHOP} action="Start shopping" />}>
          {(data, first) => data.orders.map((order, i) => (
            <OrderCard key={order._id} order={order} number={first + i + 1} />
          ))}
        </PagedList>
      )}
    </DashboardShell>
  );
}
