import { vi } from 'vitest';

/**
 * widthIs answers media queries as a screen of that many pixels would, for components that
 * follow antd's breakpoints (Grid.useBreakpoint); `touch` makes its pointer coarse (a finger),
 * `reducedMotion` has it ask for less motion (prefers-reduced-motion: reduce).
 * Restore with vi.restoreAllMocks().
 */
export function widthIs(px, { touch = false, reducedMotion = false } = {}) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const pointer = /pointer:\s*(coarse|fine)/.exec(query);
    const motion = /prefers-reduced-motion:\s*(reduce|no-preference)/.exec(query);
    const matches = (!min || px >= Number(min[1])) && (!max || px <= Number(max[1]))
      && (!pointer || (pointer[1] === 'coarse') === touch)
      && (!motion || (motion[1] === 'reduce') === reducedMotion);
    return { matches, media: query, onchange: null, addListener() {}, removeListener() {},
      addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
  });
}
