// Sample data for tests: categories, products and users shaped like the API's answers.
export const categories = [
  { _id: 'c1', name: 'Shirts', slug: 'shirts' },
  { _id: 'c2', name: 'Jeans', slug: 'jeans' },
  { _id: 'c3', name: 'Jackets', slug: 'jackets' },
];

export function makeProduct(n, overrides = {}) {
  return {
    _id: `p${n}`,
    name: `Product ${n}`,
    slug: `product-${n}`,
    description: `Description of product ${n}. `.repeat(5),
    price: 100 * n,
    quantity: 10,
    shipping: true,
    category: categories[0],
    ...overrides,
  };
}

/**
 * A category, a product and a shopper named in Arabic, digits and signs among the words, as
 * sellers and shoppers type them: laid out left to right, "30°" or "100%" was reordered.
 */
export const arabicCategory = { _id: 'c9', name: 'قمصان قطنية', slug: 'cotton-shirts' };
export const arabicProduct = makeProduct(9, {
  name: 'قميص قطن 100% - مقاس XL', slug: 'cotton-shirt', description: 'غسيل بالماء البارد 30°', category: arabicCategory,
});
export const arabicUser = { _id: 'u9', name: 'سارة أحمد', email: 'sara@example.com', phone: '+971 50 123 4567',
  address: 'شارع الملك ١٢، دبي', role: 0 };

export const products = Array.from({ length: 8 }, (_, i) => makeProduct(i + 1));

export const user = {
  _id: 'u1', name: 'ada king lovelace', email: 'ada@example.com', phone: '555-0101', address: '1 Analytical St', role: 0,
};
export const admin = { ...user, _id: 'u2', name: 'Grace Hopper', email: 'grace@example.com', role: 1 };

/** signedIn is the `auth` option of renderRoute for a signed-in shopper (or admin). */
export const signedIn = (who = user) => ({ user: who, token: 'token-123' });
