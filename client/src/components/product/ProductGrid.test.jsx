import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../../test/render';

// Each card's photo counts how often its card draws.
const draws = vi.hoisted(() => new Map());
vi.mock('./ProductPhoto', () => ({
  default: ({ product }) => {
    draws.set(product._id, (draws.get(product._id) ?? 0) + 1);
    return null;
  },
}));

const cards = () => within(screen.getByRole('list', { name: 'Products' })).queryAllByRole('article');

describe('Product grid', () => {
  it('draws only the new cards on Load more, not every card loaded before', async () => {
    const { user } = await renderRoute('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const before = new Map(draws);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(8));
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) expect(draws.get(id)).toBe(before.get(id));
    expect(draws.get('p7')).toBeGreaterThan(0);
  });
});
