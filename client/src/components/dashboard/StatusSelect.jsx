import { Select } from 'antd';
import { ORDER_STATUSES } from '../../rules';

const OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/** StatusSelect is the admin's dropdown of the five order statuses. */
export default function StatusSelect({ value, onChange, label }) {
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={onChange}
      options={OPTIONS}
      style={{ minWidth: 140 }}
    />
  );
}
