// /product/{slug}: the product's photo and details with Add to Cart (near the top, so a phone
// shows it without scrolling), then up to 3 similar products of its category. The cart's code
// is asked for once the page is idle (page-chunks.js), after the product and its photo rather
// than competing with them, so Add to Cart opens the cart at once.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigationType, useParams } from 'react-router-dom';
import Layout from '../components/Layout';
import ProductPhoto from '../components/product/ProductPhoto';
import ProductGrid from '../components/product/ProductGrid';
import ProductGridSkeleton from '../components/status/ProductGridSkeleton';
import ErrorState from '../components/status/ErrorState';
import EmptyState from '../components/status/EmptyState';
import BuyBox from '../components/variants/BuyBox';
import { productQuery, relatedProductsQuery } from '../api/products';
import { loadCartPage } from './page-chunks';
import { whenIdle } from '../idle';
import { SHOP } from '../paths';
import { RELATED_COUNT } from '../rules';

const DETAIL_SIZES = '(max-width: 767px) calc(100vw - 32px), 600px';

function SimilarProducts({ product }) {
  const { data: related, isPending, isError, error, refetch } = useQuery(relatedProductsQuery(product));
  let body;
  if (isPending) body = <ProductGridSkeleton count={RELATED_COUNT} label="Similar Products" />;
  else if (isError) body = <ErrorState what="similar products" error={error} onRetry={refetch} />;
  else if (related.length === 0) body = <p>No Similar Products found</p>;
  else body = <ProductGrid products={related} addable={false} label="Similar Products" level={3} />;
  return (
    <section className="similar-products" aria-labelledby="similar-heading">
      <h2 id="similar-heading">Similar Products</h2>
      {body}
    </section>
  );
}

function DetailsSkeleton() {
  return (
    <section className="product-details loading-screen" aria-busy="true">
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">Loading the product…</p>
      <div className="photo-frame product-details__photo skeleton" />
      <div className="product-details__info" aria-hidden="true">
        <div className="skeleton skeleton--heading" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </section>
  );
}

export default function ProductDetails() {
  const { slug } = useParams();
  const { state } = useLocation();
  // A card's Add to Cart sent the shopper here to choose: asked once, as they arrive, not again
  // when Back, Forward or a reload returns to this entry of the history (which keeps its state).
  const arrived = useNavigationType() === 'PUSH';
  const sentToChoose = Boolean(state?.choose) && arrived;
  const { data: product, isPending, error, refetch } = useQuery(productQuery(slug));
  // A failure is left to the cart's route, which asks again when the cart is opened.
  useEffect(() => whenIdle(() => loadCartPage().catch(() => {})), []);

  if (isPending) {
    return (
      <Layout title="Product">
        <h1 className="visually-hidden">Product Details</h1>
        <DetailsSkeleton />
      </Layout>
    );
  }
  if (error && error.status !== 404) {
    return (
      <Layout title="Product">
        <h1 className="page-title">Product Details</h1>
        <ErrorState what="this product" error={error} onRetry={refetch} />
      </Layout>
    );
  }
  if (!product) {
    return (
      <Layout title="Product">
        <h1 className="page-title">Product not found</h1>
        <EmptyState title="This product is not in the shop (any more)." to={SHOP} action="Browse all products" />
      </Layout>
    );
  }

  return (
    <Layout title={product.name}>
      <section className="product-details">
        <ProductPhoto product={product} eager sizes={DETAIL_SIZES} className="product-details__photo" />
        <div className="product-details__info">
          <h1>Product Details</h1>
          <h2 dir="auto">{product.name}</h2>
          <BuyBox key={product._id} product={product} ask={sentToChoose} />
          <p className="product-details__description" dir="auto">{product.description}</p>
          <p>Category: <bdi>{product.category?.name}</bdi></p>
        </div>
      </section>
      <SimilarProducts product={product} />
    </Layout>
  );
}
