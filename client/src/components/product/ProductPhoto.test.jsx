import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import ProductPhoto, { PLACEHOLDER } from './ProductPhoto';
import { makeProduct } from '../../test/fixtures';

describe('ProductPhoto', () => {
  it('shows the placeholder at once, asking for nothing, for a product without a photo', () => {
    render(<ProductPhoto product={makeProduct(1, { hasPhoto: false })} />);
    const img = screen.getByRole('img', { name: 'Product 1' });
    expect(img).toHaveAttribute('src', PLACEHOLDER);
    expect(img).not.toHaveAttribute('srcset');
  });

  it('asks for the photo of a product that has one, or that does not say', () => {
    render(<>
      <ProductPhoto product={makeProduct(1, { hasPhoto: true })} />
      <ProductPhoto product={makeProduct(2)} />
    </>);
    for (const [name, id] of [['Product 1', 'p1'], ['Product 2', 'p2']]) {
      const img = screen.getByRole('img', { name });
      expect(img.getAttribute('src')).toContain(`/api/v1/product/product-photo/${id}`);
      expect(img).toHaveAttribute('srcset');
    }
  });
});
