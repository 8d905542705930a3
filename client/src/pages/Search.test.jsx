import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../test/render';

describe('Search page', () => {
  it('shows No Products Found before any search', async () => {
    await renderRoute('/search');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.getByText('No Products Found')).toBeInTheDocument();
  });
});
