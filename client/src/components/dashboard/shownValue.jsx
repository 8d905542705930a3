// antd's Select is a combobox without a value of its own: a screen reader on it heard its name
// only ("Status of order #1, combobox"), never the status or category it shows. shownValue ties
// the choice it shows to it as its description, without writing that text twice on the page.

/**
 * shownValue returns the Select props that describe it by the choice it shows (id: useId()),
 * `value` its value: with none chosen it points at nothing.
 */
export default function shownValue(id, value) {
  return {
    'aria-describedby': value === undefined || value === null || value === '' ? undefined : id,
    labelRender: ({ label }) => <span id={id}>{label}</span>,
  };
}
