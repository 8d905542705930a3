import { readFileSync } from 'node:fs';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Pager from './Pager';
import { widthIs } from '../../test/screen-width';
import { antdStyles, styleOf } from '../../test/cascade';
import { contrast } from '../../test/contrast';

afterEach(() => vi.restoreAllMocks());

/** Paged keeps the page as a list screen does, telling onChange of each move. */
function Paged({ onChange }) {
  const [page, setPage] = useState(4);
  return <Pager page={page} pageSize={6} total={60} onChange={(n, size) => { onChange(n, size); setPage(n); }} />;
}

describe('Pager', () => {
  it('numbers the pages on a wide screen', async () => {
    widthIs(1280);
    const onChange = vi.fn();
    render(<Pager page={4} pageSize={6} total={60} onChange={onChange} />);
    for (const n of ['1', '3', '4', '5', '10']) expect(screen.getByTitle(n)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('5'));
    expect(onChange).toHaveBeenCalledWith(5, 6);
  });

  it.each([1280, 390])('names its arrows by what they do at %i px', async (px) => {
    widthIs(px);
    const onChange = vi.fn();
    render(<Pager page={4} pageSize={6} total={60} onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(5, 6);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 6);
  });

  it('on a phone shows "‹ [page] / pages ›", steps with the arrows and jumps to a typed page', async () => {
    widthIs(390);
    const onChange = vi.fn();
    render(<Paged onChange={onChange} />);
    const field = await screen.findByRole('textbox', { name: 'Go to' });
    expect(field).toHaveValue('4');
    expect(screen.getByTitle('4/10')).toHaveTextContent('/10');
    expect(screen.queryByTitle('5')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('Next Page'));
    expect(onChange).toHaveBeenLastCalledWith(5, 6);
    expect(field).toHaveValue('5');
    await userEvent.clear(field);
    await userEvent.type(field, '9');
    // rc-pagination reads the Enter of the field by its keyCode, which user-event leaves out.
    fireEvent.keyUp(field, { key: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith(9, 6);
    expect(field).toHaveValue('9');
  });
});

describe('Pager by keyboard', () => {
  it('moves with Space as with Enter, and says which page is the current one', async () => {
    widthIs(1280);
    const onChange = vi.fn();
    render(<Paged onChange={onChange} />);
    const number = (n) => screen.getByTitle(String(n)).querySelector('a');
    expect(number(4)).toHaveAttribute('aria-current', 'page');
    expect(number(5)).not.toHaveAttribute('aria-current');
    screen.getByTitle('5').focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(5, 6);
    expect(number(5)).toHaveAttribute('aria-current', 'page');
    screen.getByTitle('Next Page').focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(6, 6);
  });
});

// jsdom draws nothing: these read what a browser's cascade gives the pager, antd's styles and
// the site's (index.css) together.
describe('Pager as seen', () => {
  const site = readFileSync('src/index.css', 'utf8');
  const seen = () => {
    const { css } = antdStyles(<Pager page={6} pageSize={6} total={60} onChange={() => {}} />);
    return styleOf([css, site]);
  };

  // antd's ring was a pale tint of the brand's colour, hard to see; the site's is 3 px of blue.
  it('rings the item the keyboard is on as the site rings every control', () => {
    const style = seen();
    const control = document.body.appendChild(document.createElement('button'));
    control.focus();
    const ring = style.value(control, 'outline');
    control.remove();
    expect(ring).toBe('3px solid #1769e0');
    for (const title of ['5', 'Previous Page', 'Next Page', 'Previous 5 Pages', 'Next 5 Pages']) {
      const item = screen.getByTitle(title);
      item.focus();
      expect({ title, ring: style.value(item, 'outline') }).toEqual({ title, ring });
      const inner = item.querySelector('.ant-pagination-item-link');
      if (inner) expect(style.value(inner, 'outline')).toMatch(/^(none|0)/);
    }
  });

  // antd draws the jump's "•••" in its disabled grey, 1.8:1 on the page.
  it('draws the jump\'s ••• at 3:1 or more on the page', () => {
    const style = seen();
    const page = style.value(document.body, 'background');
    for (const dots of document.querySelectorAll('.ant-pagination-item-ellipsis')) {
      expect(contrast(style.value(dots, 'color'), page)).toBeGreaterThanOrEqual(3);
    }
    expect(document.querySelectorAll('.ant-pagination-item-ellipsis')).toHaveLength(2);
  });
});
