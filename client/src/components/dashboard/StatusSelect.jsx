import { useEffect, useId, useRef } from 'react';
import { Select } from 'antd';
import { ORDER_STATUSES } from '../../rules';
import { focusLost } from '../../hooks/useFocusBack';
import shownValue from './shownValue';

const OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * useFocusAfterChange keeps the keyboard's focus on the dropdown across a change: disabled while
 * `busy`, it loses the focus to the page, where a keyboard user chose a status and found
 * themselves nowhere for the seconds the change takes. Once it settles, a dropdown that had the
 * focus as the status was chosen takes it back, unless the person has put it elsewhere since.
 * It returns the dropdown's ref and the onChange that notes where the focus was.
 */
function useFocusAfterChange(busy, onChange) {
  const select = useRef(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    if (focusLost(select.current?.nativeElement)) select.current?.focus();
  }, [busy]);
  const change = (value) => {
    hadFocus.current = Boolean(select.current?.nativeElement?.contains(document.activeElement));
    onChange(value);
  };
  return [select, change];
}

/**
 * StatusSelect is the admin's dropdown of the five order statuses. While `busy` (a change is
 * under way) it shows a spinner and takes no change; the keyboard's focus comes back to it once
 * the change settles. It is wide enough for "Not Process" where there is room, and shrinks to
 * its cell on a phone (.status-select in index.css). Not virtual: antd's virtual list shows
 * screen readers only the options beside the active one, and all five must be there to choose.
 */
export default function StatusSelect({ value, onChange, label, busy = false }) {
  const [select, change] = useFocusAfterChange(busy, onChange);
  const shownId = useId();
  return (
    <Select
      ref={select}
      aria-label={label}
      {...shownValue(shownId, value)}
      aria-busy={busy}
      value={value}
      loading={busy}
      disabled={busy}
      onChange={change}
      options={OPTIONS}
      virtual={false}
      className="status-select"
    />
  );
}
