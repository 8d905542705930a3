// What the products in the cart are today. A cart line keeps the product as it was when it
// was added; the shop may have renamed it, repriced it or stopped selling it since, and
// checkout charges today's price. Each distinct product of the cart is looked up once and
// cached like every product read (a product page just seen answers at once); a failure is
// silent, and the line shows what it kept.
import { queryOptions } from '@tanstack/react-query';
import { categoriesQuery } from './categories';
import { getCategoryProducts, PRODUCT_KEY, productQuery } from './products';

const notFoundIsNull = (error) => {
  if (error?.status === 404) return null;
  throw error;
};

/**
 * findCurrentProduct answers the product a cart line was taken from as the shop sells it now,
 * or null when the shop no longer has it. The line names its product by slug, but a rename
 * moves the slug: a slug that no longer names that product (by id) sends the search to the
 * products of its category, found by id too (a category's rename moves its slug as well).
 */
async function findCurrentProduct(queryClient, { _id, slug, category }) {
  const bySlug = await queryClient.fetchQuery(productQuery(slug)).catch(notFoundIsNull);
  if (bySlug?._id === _id) return bySlug;
  const categories = await queryClient.fetchQuery(categoriesQuery());
  const current = categories.find((c) => c._id === category?._id);
  if (!current) return null;
  const products = await getCategoryProducts(current.slug).catch(notFoundIsNull);
  return products?.find((p) => p._id === _id) ?? null;
}

/** The product of cart line `line` as the shop sells it now (null: no longer sold). */
export const currentProductQuery = (queryClient, line) =>
  queryOptions({
    queryKey: [...PRODUCT_KEY, 'current', line._id],
    queryFn: () => findCurrentProduct(queryClient, line),
  });
