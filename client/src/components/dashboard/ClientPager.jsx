import { Pagination } from 'antd';

/** ClientPager pages a list that is already loaded in full. */
export default function ClientPager({ page, pageSize, total, onChange }) {
  return (
    <Pagination
      style={{ marginTop: 16, justifyContent: 'center' }}
      current={page}
      pageSize={pageSize}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
    />
  );
}
