import { useRef } from 'react';
import { Row, Col } from 'antd';
import { productsPageQuery } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import AdminProductCard from '../../components/dashboard/AdminProductCard';
import PagedList from '../../components/dashboard/PagedList';
import EmptyState from '../../components/status/EmptyState';
import { ADMIN_CREATE_PRODUCT } from '../../paths';
import { ADMIN_PRODUCTS_PAGE_SIZE } from '../../rules';

/** Products is the admin's list of every product, 6 a page from the server. */
export default function Products() {
  const heading = useRef(null);
  return (
    <DashboardShell title="Dashboard - All Products" menu={<AdminMenu />}>
      <h1 className="dashboard__title" ref={heading} tabIndex={-1}>All Products List</h1>
      <PagedList heading={heading} pageOf={(n) => productsPageQuery(n, ADMIN_PRODUCTS_PAGE_SIZE)}
        pageSize={ADMIN_PRODUCTS_PAGE_SIZE} what="the products" screenful
        empty={<EmptyState title="No products yet." to={ADMIN_CREATE_PRODUCT} action="Create a product" />}>
        {(data) => (
          <Row gutter={[16, 16]}>
            {data.products.map((product) => (
              <Col key={product._id} xs={24} sm={12} lg={8}>
                <AdminProductCard product={product} />
              </Col>
            ))}
          </Row>
        )}
      </PagedList>
    </DashboardShell>
  );
}
