import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { server } from '../test/server';
import { browseHandler } from './browse/test-browse';
import { products } from '../test/fixtures';

describe('Layout', () => {
  it('shows the header, the footer and the content area', async () => {
    await renderRoute('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Clothing Shop' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/2024\. All rights reserved/)).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveStyle({ minHeight: '70vh' });
  });

  it('moves focus to the new page\'s content after a link, and leaves the first page of a visit alone', async () => {
    const { user, router } = await renderRoute('/about');
    expect(screen.getByRole('main')).not.toHaveFocus();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  // A list opened from a shared link or a reload is the first page of a visit: its first filter
  // or sort changes the address' query only, and the control stays where the shopper is.
  it('leaves focus on a filter ticked on a list opened directly', async () => {
    server.use(browseHandler([{ ...products[0], options: [{ name: 'Size', values: ['M'] }],
      variants: [{ _id: 'v1', sku: 'S1M', options: { Size: 'M' }, quantity: 2 }] }, ...products.slice(1)]));
    const { user, router } = await renderRoute('/shop');
    const size = await screen.findByRole('checkbox', { name: /^M \(/ });
    await user.click(size);
    await waitFor(() => expect(router.state.location.search).toBe('?size=M'));
    await screen.findByText('1 product(s)');
    expect(size).toHaveFocus();
  });

  it('leaves focus on the Sort select of a list opened directly', async () => {
    server.use(browseHandler(products));
    const { user, router } = await renderRoute('/shop');
    await screen.findByText('8 product(s)');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'price-desc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-desc'));
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveAttribute('aria-label', 'Product 8'));
    expect(sort).toHaveFocus();
  });
});
