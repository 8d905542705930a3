// Catalogue writes of the admin area and the admin's product list; the storefront's catalogue
// reads live in categories.js and products.js.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { PRODUCTS_KEY } from './products';
import { ADMIN_PRODUCT_LIST_ERROR } from '../texts';

export const createCategory = (name) => api.post('/api/v1/category/create-category', { name });

export const updateCategory = (id, name) => api.put(`/api/v1/category/update-category/${id}`, { name });

export const deleteCategory = (id) => api.delete(`/api/v1/category/delete-category/${id}`);

/**
 * createProduct creates a product from its multipart form. `key`, when given, is the
 * Idempotency-Key of the product being created: sent again with the same key (its answer was
 * lost), the form gets back the product the first request created instead of a second one.
 */
export const createProduct = (formData, key) =>
  api.post('/api/v1/product/create-product', formData, key ? { headers: { 'Idempotency-Key': key } } : undefined);

export const updateProduct = (id, formData) => api.put(`/api/v1/product/update-product/${id}`, formData);

/** setProductVariants replaces a product's options and variants ({options, variants}). */
export const setProductVariants = (id, body) => api.put(`/api/v1/product/variants/${id}`, body);

export const deleteProduct = (id) => api.delete(`/api/v1/product/delete-product/${id}`);

/** getProductsPage answers {products, total, page}: one page of every product, newest first. */
export const getProductsPage = (page, limit) =>
  api.get('/api/v1/product/get-product', { params: { page, limit } }).then((d) => {
    const products = d?.products ?? [];
    return { products, total: Number.isFinite(d?.countTotal) ? d.countTotal : products.length, page };
  });

/** One page of the admin's product list; the page shown stays while the next one loads. */
export const productsPageQuery = (page, limit) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'all', page, limit],
    queryFn: () => getProductsPage(page, limit),
    placeholderData: keepPreviousData,
    meta: { errorText: ADMIN_PRODUCT_LIST_ERROR },
  });
