// Vitest setup: jest-dom matchers, the msw server (unhandled requests are errors), a clean
// localStorage and toast store after each test, and the jsdom shims antd needs.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { server } from './server';

// A busy two-core machine can take over a second to settle a whole route.
configure({ asyncUtilTimeout: 4000 });

if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd reads scrollbar sizes through getComputedStyle with a pseudo element, which jsdom lacks.
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);

window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  toast.remove();
});
afterAll(() => server.close());
