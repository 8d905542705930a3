// What the products in the cart are today. A cart line keeps the product as it was when it
// was added; the shop may have renamed it, repriced it, moved it to another category or
// stopped selling it since, and checkout charges today's price. Each distinct product of the
// cart is looked up by its id (get-product/{slug} takes a product's id in place of its slug:
// an id never moves with a rename); a 404 means the shop no longer sells it. A failure is
// silent, and the line shows what it kept.
import { queryOptions } from '@tanstack/react-query';
import { getProduct, PRODUCT_KEY } from './products';

const notFoundIsNull = (error) => {
  if (error?.status === 404) return null;
  throw error;
};

/** getCurrentProduct answers the product of id `id` as the shop sells it now, or null when it no longer does. */
export const getCurrentProduct = (id) => getProduct(id).then((product) => product ?? null, notFoundIsNull);

/** The query key of the product of cart line `line` as the shop sells it now. */
export const currentProductKey = (line) => [...PRODUCT_KEY, 'current', line._id];

/** The product of cart line `line` as the shop sells it now (null: no longer sold). */
export const currentProductQuery = (line) =>
  queryOptions({
    queryKey: currentProductKey(line),
    queryFn: () => getCurrentProduct(line._id),
    // Asked again each time the cart opens: an admin's new price must show before Pay.
    staleTime: 0,
  });
