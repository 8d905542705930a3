import { act } from '@testing-library/react';

/**
 * tabBackInView does what a browser does when a person comes back to the shop's tab: the
 * document says its visibility changed (TanStack Query listens for it on the window).
 */
export function tabBackInView() {
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}
