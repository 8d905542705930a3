import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../test/render';

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
});
