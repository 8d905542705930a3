// /product/{slug}: the product's photo and details with Add to Cart, then up to 3 similar
// products of its category.
import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { useParams } from 'react-router-dom';
import Layout from '../components/Layout';
import ProductPhoto from '../components/product/ProductPhoto';
import ProductGrid from '../components/product/ProductGrid';
import useAddToCart from '../hooks/useAddToCart';
import { getProduct, getRelatedProducts } from '../api/products';
import { ADD_TO_CART, price } from '../texts';

export default function ProductDetails() {
  const { slug } = useParams();
  const add = useAddToCart();
  const [product, setProduct] = useState(null);
  const [related, setRelated] = useState([]);
  const [status, setStatus] = useState('loading');

  useEffect(() => {
    let live = true;
    setStatus('loading');
    setRelated([]);
    getProduct(slug)
      .then((p) => {
        if (!live) return;
        setProduct(p ?? null);
        setStatus(p ? 'ready' : 'missing');
        if (p?._id && p.category?._id) {
          getRelatedProducts(p._id, p.category._id)
            .then((list) => live && setRelated(list.slice(0, 3)))
            .catch((e) => console.log(e));
        }
      })
      .catch((e) => {
        console.log(e);
        if (live) setStatus('missing');
      });
    return () => {
      live = false;
    };
  }, [slug]);

  if (status === 'loading') {
    return (
      <Layout title="Product">
        <Spin aria-label="Loading" />
      </Layout>
    );
  }
  if (status === 'missing') {
    return (
      <Layout title="Product">
        <h1 className="page-title">Product not found</h1>
      </Layout>
    );
  }

  return (
    <Layout title={product.name}>
      <section className="product-details">
        <ProductPhoto product={product} className="product-details__photo" />
        <div className="product-details__info">
          <h1>Product Details</h1>
          <h2>{product.name}</h2>
          <p>{product.description}</p>
          <p>Price: {price(product.price)}</p>
          <p>Category: {product.category?.name}</p>
          <Button type="primary" onClick={() => add(product)}>
            {ADD_TO_CART}
          </Button>
        </div>
      </section>
      <section className="similar-products" aria-labelledby="similar-heading">
        <h2 id="similar-heading">Similar Products</h2>
        {related.length === 0 ? (
          <p>No Similar Products found</p>
        ) : (
          <ProductGrid products={related} addable={false} label="Similar Products" />
        )}
      </section>
    </Layout>
  );
}
