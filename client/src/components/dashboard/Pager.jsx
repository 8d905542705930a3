import { cloneElement } from 'react';
import { Grid, Pagination } from 'antd';

/**
 * Pager moves through a list the server answers a page at a time; `total` counts all of it.
 * Below 768 px (where the dashboards stack) it is antd's simple pager, "‹ [4] / 10 ›", whose
 * field takes a page to jump to: the numbered one needs nine 44 px buttons on a middle page,
 * more than a phone's width, and its last arrow wrapped to a row of its own. Its buttons and
 * field are 44 px tap targets (index.css).
 */
// antd's arrows are named by their icons, "left" and "right": a screen reader says what they
// do. The current page number says so.
const ARROW_NAMES = { prev: 'Previous page', next: 'Next page' };
const itemsFor = (current) => (n, type, original) => {
  if (ARROW_NAMES[type]) return cloneElement(original, { 'aria-label': ARROW_NAMES[type] });
  if (type === 'page') {
    return cloneElement(original, { 'aria-current': n === current ? 'page' : undefined });
  }
  return original;
};

// antd's items take the keyboard's focus and answer Enter, but not Space, as a button does.
const spaceClicks = (event) => {
  if (event.key === ' ' && event.target.matches?.('.ant-pagination li[tabindex]')) {
    event.preventDefault();
    event.target.click();
  }
};

export default function Pager({ page, pageSize, total, onChange }) {
  const screens = Grid.useBreakpoint();
  // Only a width that matched a query counts: before the first match is known (and in tests
  // without media queries) the numbered pager shows.
  const narrow = Boolean(screens.xs || (screens.sm && !screens.md));
  return (
    <div onKeyDown={spaceClicks}>
      <Pagination
        className="pager"
        style={{ marginTop: 16, justifyContent: 'center' }}
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={onChange}
        showSizeChanger={false}
        simple={narrow}
        itemRender={itemsFor(page)}
      />
    </div>
  );
}
