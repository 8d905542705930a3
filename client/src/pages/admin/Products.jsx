import { useEffect, useState } from 'react';
import { Row, Col } from 'antd';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { getAllProducts } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import AdminProductCard from '../../components/dashboard/AdminProductCard';
import ClientPager from '../../components/dashboard/ClientPager';

const PAGE_SIZE = 6;

/** Products is the admin's list of every product, 6 a page. */
export default function Products() {
  const [products, setProducts] = useState([]);
  const [page, setPage] = useState(1);

  useEffect(() => {
    getAllProducts()
      .then(setProducts)
      .catch((error) => toast.error(errorMessage(error, 'Something Went Wrong')));
  }, []);

  const shown = products.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <DashboardShell title="Dashboard - All Products" menu={<AdminMenu />}>
      <h1 style={{ textAlign: 'center' }}>All Products List</h1>
      <Row gutter={[16, 16]}>
        {shown.map((product) => (
          <Col key={product._id} xs={24} sm={12} lg={8}>
            <AdminProductCard product={product} />
          </Col>
        ))}
      </Row>
      <ClientPager page={page} pageSize={PAGE_SIZE} total={products.length} onChange={setPage} />
    </DashboardShell>
  );
}
