// renderDashboard is renderRoute with a quicker person: user-event's pointer-events check calls
// getComputedStyle up the whole tree on every click, which costs ~0.4 s a click under antd's
// styles in jsdom; the dashboards never rely on pointer-events: none, so the check is skipped.
import { configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { renderRoute } from '../../test/render';

// A whole route (header, guard check, lazy page, its calls) can take over a second to settle on
// a busy two-core machine; wait up to 4 s for what a person would see.
configure({ asyncUtilTimeout: 4000 });

export async function renderDashboard(path, options) {
  const result = await renderRoute(path, options);
  return { ...result, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

// Every dashboard page is a lazy chunk built on antd: import them before the first test, so a
// test's wait covers what the page does, not loading the component library on a busy machine.
await Promise.all(Object.values(import.meta.glob(['../../pages/{admin,user}/*.jsx', '!**/*.test.jsx'])).map((load) => load()));
