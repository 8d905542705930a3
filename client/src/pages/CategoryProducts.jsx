// /category/{slug}: heading Category - {name}, the result count and the product cards.
// A failed load shows the server's message or Error loading products.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import Layout from '../components/Layout';
import ProductGrid from '../components/product/ProductGrid';
import { getCategoryProducts } from '../api/products';
import { errorMessage } from '../api/client';
import { ERROR_LOADING_PRODUCTS } from '../texts';

export default function CategoryProducts() {
  const { slug } = useParams();
  const [category, setCategory] = useState(null);
  const [products, setProducts] = useState([]);

  useEffect(() => {
    let live = true;
    getCategoryProducts(slug)
      .then((data) => {
        if (!live) return;
        setCategory(data.category);
        setProducts(data.products);
      })
      .catch((e) => live && toast.error(errorMessage(e, ERROR_LOADING_PRODUCTS)));
    return () => {
      live = false;
    };
  }, [slug]);

  return (
    <Layout title={category?.name ?? 'Category'}>
      <h1 className="page-title">Category - {category?.name}</h1>
      <p className="result-count">{products.length} result found</p>
      <ProductGrid products={products} />
    </Layout>
  );
}
