// Category reads of the storefront.
import { api } from './client';

/** getCategories answers the list of categories ({_id, name, slug}). */
export const getCategories = () =>
  api.get('/api/v1/category/get-category').then((r) => r.data?.category ?? []);
