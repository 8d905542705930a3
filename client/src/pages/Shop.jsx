// /shop: product cards, page by page. The first page and the total load together; Load more
// appends the next page and shows only while fewer than the total are loaded. Failures are
// silent (logged only).
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import Layout from '../components/Layout';
import ProductGrid from '../components/product/ProductGrid';
import { getProductCount, getProductPage } from '../api/products';
import { LOAD_MORE } from '../texts';

export default function Shop() {
  const [products, setProducts] = useState([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    getProductCount().then((n) => live && setTotal(n)).catch((e) => console.log(e));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getProductPage(page)
      .then((list) => live && setProducts((loaded) => (page === 1 ? list : [...loaded, ...list])))
      .catch((e) => console.log(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page]);

  return (
    <Layout title="All Products - Best offers">
      <h1 className="page-title">All Products</h1>
      <ProductGrid products={products} />
      <div className="load-more">
        {products.length < total && (
          <Button onClick={() => setPage((p) => p + 1)} disabled={loading}>
            {LOAD_MORE}
          </Button>
        )}
      </div>
    </Layout>
  );
}
