import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import LazyBrowseList from './LazyBrowseList';

describe('the product list before its code is in', () => {
  // A short placeholder put the footer on a desktop's first screen, to be pushed away when the
  // list came.
  it('shows its skeletons in a screen-tall placeholder', () => {
    render(<LazyBrowseList />);
    const status = screen.getByText('Loading products…');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status.closest('.loading-screen')).not.toBeNull();
  });
});
