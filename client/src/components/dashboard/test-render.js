// renderDashboard is renderRoute with a quicker person: user-event's pointer-events check calls
// getComputedStyle up the whole tree on every click, which costs ~0.4 s a click under antd's
// styles in jsdom; the dashboards never rely on pointer-events: none, so the check is skipped.
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { renderRoute } from '../../test/render';

export function renderDashboard(path, options) {
  const result = renderRoute(path, options);
  return { ...result, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}
