// Every product read of the storefront, as calls and as query options.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { RELATED_COUNT } from '../rules';

const base = '/api/v1/product';

/** Keys: every product list under PRODUCTS_KEY, every single product under PRODUCT_KEY. */
export const PRODUCTS_KEY = ['products'];
export const PRODUCT_KEY = ['product'];

export const getProductPage = (page) => api.get(`${base}/product-list/${page}`).then((d) => d?.products ?? []);

export const getProduct = (slug) => api.get(`${base}/get-product/${encodeURIComponent(slug)}`).then((d) => d?.product);

/** getCategoryProducts answers the products of the category `slug` (its newest thousand). */
export const getCategoryProducts = (slug) =>
  api.get(`${base}/product-category/${encodeURIComponent(slug)}`).then((d) => d?.products ?? []);

export const getRelatedProducts = (pid, cid) =>
  api.get(`${base}/related-product/${pid}/${cid}`).then((d) => d?.products ?? []);

/** searchProducts answers the result list; the body is the list itself. */
export const searchProducts = (keyword) =>
  api.get(`${base}/search/${encodeURIComponent(keyword)}`).then((d) => (Array.isArray(d) ? d : []));

/** A page of the product list (the home's featured items); its failure is silent. */
export const productPageQuery = (page) =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, 'page', page], queryFn: () => getProductPage(page) });

export const productQuery = (slug) =>
  queryOptions({ queryKey: [...PRODUCT_KEY, slug], queryFn: () => getProduct(slug) });

export const relatedProductsQuery = (product) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'related', product?._id, product?.category?._id],
    queryFn: () =>
      getRelatedProducts(product._id, product.category._id).then((list) => list.slice(0, RELATED_COUNT)),
    enabled: Boolean(product?._id && product?.category?._id),
  });

export const searchQuery = (keyword) =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, 'search', keyword], queryFn: () => searchProducts(keyword) });
