import { Pagination } from 'antd';

/**
 * Pager moves through a list the server answers a page at a time; `total` counts all of it.
 * On phones its buttons are 44 px tap targets, wrapping to a second row when they need it.
 */
export default function Pager({ page, pageSize, total, onChange }) {
  return (
    <Pagination
      className="pager"
      style={{ marginTop: 16, justifyContent: 'center' }}
      current={page}
      pageSize={pageSize}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
    />
  );
}
