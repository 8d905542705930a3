// Category reads of every screen.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { CATEGORY_LIST_ERROR } from '../texts';

/** getCategories answers the list of categories ({_id, name, slug}), sorted by name. */
export const getCategories = () => api.get('/api/v1/category/get-category').then((d) => d?.category ?? []);

export const CATEGORIES_KEY = ['categories'];

/** categoriesQuery is the storefront's category list; its failure is silent. */
export const categoriesQuery = () => queryOptions({ queryKey: CATEGORIES_KEY, queryFn: getCategories });

/** adminCategoriesQuery is the same list for the admin's forms, whose failure shows a toast. */
export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: [...CATEGORIES_KEY, 'admin'],
    queryFn: getCategories,
    meta: { errorText: CATEGORY_LIST_ERROR },
  });
