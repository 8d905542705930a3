// Keeping the keyboard inside a modal dialog. antd's dialogs pull the focus back only when it
// lands elsewhere in the page, so from a dialog's last button Tab first went out to the
// browser's own toolbar; the filter drawer had the same need. Both go round their own controls.

/** What Tab stops at in a dialog. */
const CONTROLS = [
  'a[href]', 'button:not(:disabled)', 'input:not(:disabled)', 'select:not(:disabled)',
  'textarea:not(:disabled)', '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * keepTabInside handles a Tab key pressed in the open dialog `box`: from its last control Tab
 * goes to its first, and from its first (or the dialog itself) Shift+Tab to its last, instead
 * of leaving for the page it covers or the browser's toolbar.
 */
export function keepTabInside(event, box) {
  if (event.key !== 'Tab' || !box) return;
  const controls = box.querySelectorAll(CONTROLS);
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const at = document.activeElement;
  const inside = box.contains(at);
  let next = null;
  if (event.shiftKey && (!inside || at === first || at === box)) next = last;
  else if (!event.shiftKey && (!inside || at === last)) next = first;
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** modalRender for antd's Modal: the dialog keeps Tab and Shift+Tab among its own controls. */
export function tabStaysInside(modal) {
  return <div onKeyDown={(event) => keepTabInside(event, event.currentTarget)}>{modal}</div>;
}
