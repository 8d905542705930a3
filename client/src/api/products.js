// Every product read of the storefront, and nothing else.
import { api } from './client';

const base = '/api/v1/product';

export const getProductPage = (page) =>
  api.get(`${base}/product-list/${page}`).then((r) => r.data?.products ?? []);

export const getProductCount = () =>
  api.get(`${base}/product-count`).then((r) => r.data?.total ?? 0);

export const getProduct = (slug) =>
  api.get(`${base}/get-product/${encodeURIComponent(slug)}`).then((r) => r.data?.product);

export const getRelatedProducts = (pid, cid) =>
  api.get(`${base}/related-product/${pid}/${cid}`).then((r) => r.data?.products ?? []);

/** getCategoryProducts answers {category, products} of one category. */
export const getCategoryProducts = (slug) =>
  api.get(`${base}/product-category/${encodeURIComponent(slug)}`).then((r) => ({
    category: r.data?.category ?? null,
    products: r.data?.products ?? [],
  }));

/** searchProducts answers the result list; the body is the list itself. */
export const searchProducts = (keyword) =>
  api.get(`${base}/search/${encodeURIComponent(keyword)}`).then((r) => (Array.isArray(r.data) ? r.data : []));
