import { Row, Col } from 'antd';
import { productsPageQuery } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import AdminProductCard from '../../components/dashboard/AdminProductCard';
import Pager from '../../components/dashboard/Pager';
import ErrorState from '../../components/status/ErrorState';
import EmptyState from '../../components/status/EmptyState';
import { LOADING_TEXT } from '../../texts';
import usePagedQuery from '../../hooks/usePagedQuery';
import { ADMIN_CREATE_PRODUCT } from '../../paths';
import { ADMIN_PRODUCTS_PAGE_SIZE } from '../../rules';

/** Products is the admin's list of every product, 6 a page from the server. */
export default function Products() {
  const { data, isPending, isError, error, refetch, page, setPage } = usePagedQuery(
    (n) => productsPageQuery(n, ADMIN_PRODUCTS_PAGE_SIZE),
    ADMIN_PRODUCTS_PAGE_SIZE,
  );

  let body;
  if (isPending) body = <p aria-busy="true">{LOADING_TEXT}</p>;
  else if (isError) body = <ErrorState what="the products" error={error} onRetry={refetch} />;
  else if (data.total === 0) {
    body = <EmptyState title="No products yet." to={ADMIN_CREATE_PRODUCT} action="Create a product" />;
  } else {
    body = (
      <>
        <Row gutter={[16, 16]}>
          {data.products.map((product) => (
            <Col key={product._id} xs={24} sm={12} lg={8}>
              <AdminProductCard product={product} />
            </Col>
          ))}
        </Row>
        <Pager page={page} pageSize={ADMIN_PRODUCTS_PAGE_SIZE} total={data.total} onChange={setPage} />
      </>
    );
  }
  return (
    <DashboardShell title="Dashboard - All Products" menu={<AdminMenu />}>
      <h1 className="dashboard__title">All Products List</h1>
      {body}
    </DashboardShell>
  );
}
