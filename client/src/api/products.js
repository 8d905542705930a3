// Every product read of the storefront, as calls and as query options.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { RELATED_COUNT } from '../rules';
import { ERROR_LOADING_PRODUCTS } from '../texts';

const base = '/api/v1/product';

/** Keys: every product list under PRODUCTS_KEY, every single product under PRODUCT_KEY. */
export const PRODUCTS_KEY = ['products'];
export const PRODUCT_KEY = ['product'];

export const getProductPage = (page) => api.get(`${base}/product-list/${page}`).then((d) => d?.products ?? []);

export const getProductCount = () => api.get(`${base}/product-count`).then((d) => d?.total ?? 0);

export const getProduct = (slug) => api.get(`${base}/get-product/${encodeURIComponent(slug)}`).then((d) => d?.product);

export const getRelatedProducts = (pid, cid) =>
  api.get(`${base}/related-product/${pid}/${cid}`).then((d) => d?.products ?? []);

/** getCategoryProducts answers {category, products} of one category. */
export const getCategoryProducts = (slug) =>
  api.get(`${base}/product-category/${encodeURIComponent(slug)}`).then((d) => ({
    category: d?.category ?? null,
    products: d?.products ?? [],
  }));

/** searchProducts answers the result list; the body is the list itself. */
export const searchProducts = (keyword) =>
  api.get(`${base}/search/${encodeURIComponent(keyword)}`).then((d) => (Array.isArray(d) ? d : []));

/** The shop list's pages and count; their failures are silent (the page shows its error state). */
export const productPageQuery = (page) =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, 'page', page], queryFn: () => getProductPage(page) });

export const productCountQuery = () =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, 'count'], queryFn: getProductCount });

export const productQuery = (slug) =>
  queryOptions({ queryKey: [...PRODUCT_KEY, slug], queryFn: () => getProduct(slug) });

export const relatedProductsQuery = (product) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'related', product?._id, product?.category?._id],
    queryFn: () =>
      getRelatedProducts(product._id, product.category._id).then((list) => list.slice(0, RELATED_COUNT)),
    enabled: Boolean(product?._id && product?.category?._id),
  });

/** categoryProductsQuery fails with a toast: the server's message or Error loading products. */
export const categoryProductsQuery = (slug) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'category', slug],
    queryFn: () => getCategoryProducts(slug),
    meta: { errorText: ERROR_LOADING_PRODUCTS },
  });

export const searchQuery = (keyword) =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, 'search', keyword], queryFn: () => searchProducts(keyword) });
