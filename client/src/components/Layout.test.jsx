import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
});
