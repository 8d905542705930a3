import { Select } from 'antd';
import { ORDER_STATUSES } from '../../rules';

const OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * StatusSelect is the admin's dropdown of the five order statuses. While `busy` (a change is
 * under way) it shows a spinner and takes no change.
 */
export default function StatusSelect({ value, onChange, label, busy = false }) {
  return (
    <Select
      aria-label={label}
      aria-busy={busy}
      value={value}
      loading={busy}
      disabled={busy}
      onChange={onChange}
      options={OPTIONS}
      style={{ minWidth: 140 }}
    />
  );
}
