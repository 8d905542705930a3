import { Select } from 'antd';
import { ORDER_STATUSES } from '../../rules';

const OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * StatusSelect is the admin's dropdown of the five order statuses. While `busy` (a change is
 * under way) it shows a spinner and takes no change. It is wide enough for "Not Process" where
 * there is room, and shrinks to its cell on a phone (.status-select in index.css). Not virtual:
 * antd's virtual list shows screen readers only the options beside the active one, and all five
 * must be there to choose from.
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
      virtual={false}
      className="status-select"
    />
  );
}
