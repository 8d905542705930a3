import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import ScrollRegion from './ScrollRegion';

/** tableIsWide has every .table-scroll region hold a table `px` wide in 300 px. */
const tableIsWide = (px) => {
  const inRegion = (el) => el.classList.contains('table-scroll');
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function width() {
    return inRegion(this) ? px : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function width() {
    return inRegion(this) ? 300 : 0;
  });
};

// The users, categories, variants and order tables: a region the keyboard can scroll only
// where there is something to scroll.
describe('ScrollRegion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a named region and no Tab stop where its table fits', () => {
    tableIsWide(300);
    render(<ScrollRegion label="Users"><table><tbody><tr><td>Asha</td></tr></tbody></table></ScrollRegion>);
    expect(screen.getByRole('region', { name: 'Users' })).not.toHaveAttribute('tabindex');
  });

  it('is a Tab stop where its table is wider than it, and hands its element to boxRef', () => {
    tableIsWide(900);
    const box = createRef();
    render(
      <>
        <h2 id="list">Categories</h2>
        <ScrollRegion labelledBy="list" boxRef={box}><table><tbody><tr><td>Shirts</td></tr></tbody></table></ScrollRegion>
      </>,
    );
    const region = screen.getByRole('region', { name: 'Categories' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(box.current).toBe(region);
  });
});
