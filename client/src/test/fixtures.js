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

export const products = Array.from({ length: 8 }, (_, i) => makeProduct(i + 1));

export const user = {
  _id: 'u1', name: 'ada king lovelace', email: 'ada@example.com', phone: '555-0101', address: '1 Analytical St', role: 0,
};
export const admin = { ...user, _id: 'u2', name: 'Grace Hopper', email: 'grace@example.com', role: 1 };

/** signedIn is the `auth` option of renderRoute for a signed-in shopper (or admin). */
export const signedIn = (who = user) => ({ user: who, token: 'token-123' });
