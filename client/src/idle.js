// Work that helps later but must not compete with what the page shows now (say the cart's code,
// asked for on a product page while its photo downloads on a slow line) waits for the page to
// be idle: the page's own load (its photo and everything its first screen asked for) and then a
// moment the browser has nothing else to do (requestIdleCallback). A browser without that
// (Safari) gives it a short pause after the load instead.

/** The longest a task waits for an idle moment after the page's load. */
export const IDLE_WAIT_MS = 2000;

/** The pause after the load where the browser cannot say when it is idle. */
export const IDLE_FALLBACK_MS = 200;

/** whenIdle runs `task` once the page is idle; it answers a function that cancels it before then. */
export function whenIdle(task) {
  let cancel;
  const idle = () => {
    if (window.requestIdleCallback && window.cancelIdleCallback) {
      const id = window.requestIdleCallback(() => task(), { timeout: IDLE_WAIT_MS });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(task, IDLE_FALLBACK_MS);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    idle();
  } else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
