import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import ProductThumb from './ProductThumb';
import { makeProduct } from '../../test/fixtures';

const PHOTO = '/api/v1/product/product-photo/';

describe('ProductThumb', () => {
  it('shows the placeholder at once, asking for nothing, for a product without a photo', () => {
    render(<ProductThumb product={makeProduct(1, { hasPhoto: false })} height={200} />);
    const img = screen.getByRole('img', { name: 'Product 1' });
    expect(img.getAttribute('src')).not.toContain(PHOTO);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(img).not.toHaveAttribute('srcset');
  });

  it('asks for the photo of a product that has one, or that does not say (an order\'s copy)', () => {
    render(<>
      <ProductThumb product={makeProduct(1, { hasPhoto: true })} height={200} />
      <ProductThumb product={makeProduct(2)} height={80} />
    </>);
    for (const [name, id] of [['Product 1', 'p1'], ['Product 2', 'p2']]) {
      const img = screen.getByRole('img', { name });
      expect(img.getAttribute('src')).toContain(`${PHOTO}${id}`);
      expect(img.getAttribute('srcset')).toContain(`${PHOTO}${id}?w=320`);
    }
  });
});
