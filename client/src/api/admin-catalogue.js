// Catalogue writes of the admin area and the admin's product list; the storefront's catalogue
// reads live in categories.js and products.js.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { PRODUCTS_KEY } from './products';

export const createCategory = (name) => api.post('/api/v1/category/create-category', { name });

export const updateCategory = (id, name) => api.put(`/api/v1/category/update-category/${id}`, { name });

export const deleteCategory = (id) => api.delete(`/api/v1/category/delete-category/${id}`);

export const createProduct = (formData) => api.post('/api/v1/product/create-product', formData);

export const updateProduct = (id, formData) => api.put(`/api/v1/product/update-product/${id}`, formData);

/** setProductVariants replaces a product's options and variants ({options, variants}). */
export const setProductVariants = (id, body) => api.put(`/api/v1/product/variants/${id}`, body);

export const deleteProduct = (id) => api.delete(`/api/v1/product/delete-product/${id}`);

/** getAllProducts answers every product, newest first, for the admin's list. */
export const getAllProducts = () => api.get('/api/v1/product/get-product').then((d) => d?.products ?? []);

/** The admin product list's failure text. */
export const PRODUCT_LIST_ERROR = 'Something Went Wrong';

export const allProductsQuery = () =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'all'],
    queryFn: getAllProducts,
    meta: { errorText: PRODUCT_LIST_ERROR },
  });
