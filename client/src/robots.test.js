// public/robots.txt as a search engine reads it (RFC 9309): the longest rule that matches the
// path decides, Allow winning a tie. The storefront is open; a person's own pages, the search
// results and the API are not, but for the product photos that a shared product page shows.
import { describe, expect, it } from 'vitest';
import robots from '../public/robots.txt?raw';

const rules = robots
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .map((line) => line.match(/^(allow|disallow):\s*(\S*)$/i))
  .filter(Boolean)
  .map(([, kind, prefix]) => ({ allow: kind.toLowerCase() === 'allow', prefix }));

function allowed(path) {
  const matching = rules.filter((r) => r.prefix && path.startsWith(r.prefix));
  const longest = Math.max(0, ...matching.map((r) => r.prefix.length));
  const deciding = matching.filter((r) => r.prefix.length === longest);
  return deciding.length === 0 || deciding.some((r) => r.allow);
}

describe('robots.txt', () => {
  it('speaks to every crawler', () => {
    expect(robots).toMatch(/^User-agent: \*$/m);
  });

  it.each(['/', '/shop', '/categories', '/category/shirts', '/product/linen-shirt', '/about', '/contact',
    '/policy', '/api/v1/product/product-photo/p1?w=640&v=2024'])('lets %s be crawled', (path) => {
    expect(allowed(path)).toBe(true);
  });

  it.each(['/dashboard/user/orders', '/dashboard/admin/products', '/cart', '/login', '/register',
    '/forget-password', '/reset-password?token=abc', '/search', '/api/v1/product/get-product/linen-shirt',
    '/api/v1/auth/user-auth'])('keeps %s out', (path) => {
    expect(allowed(path)).toBe(false);
  });
});
