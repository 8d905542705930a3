// Catalogue writes of the admin area; read-only catalogue calls live in categories.js and products.js.
import { api, checked } from './client';

export const createCategory = (name) =>
  api.post('/api/v1/category/create-category', { name }).then(checked);

export const updateCategory = (id, name) =>
  api.put(`/api/v1/category/update-category/${id}`, { name }).then(checked);

export const deleteCategory = (id) =>
  api.delete(`/api/v1/category/delete-category/${id}`).then(checked);

export const createProduct = (formData) =>
  api.post('/api/v1/product/create-product', formData).then(checked);

export const updateProduct = (id, formData) =>
  api.put(`/api/v1/product/update-product/${id}`, formData).then(checked);

export const deleteProduct = (id) =>
  api.delete(`/api/v1/product/delete-product/${id}`).then(checked);

/** getAllProducts answers every product, newest first, for the admin's list. */
export const getAllProducts = () =>
  api.get('/api/v1/product/get-product').then(checked).then((data) => data?.products ?? []);
