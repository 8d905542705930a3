// What a browser's cascade gives an element, for the styles jsdom does not weigh: jsdom ignores
// media queries it cannot answer (prefers-reduced-motion), does not rank rules by specificity,
// and leaves var() unresolved. styleOf(sheets, features) reads stylesheets (CSS texts, in the
// order a page loads them) and answers `value(element, property)` as a browser would, with the
// media features given (width in px, reducedMotion), or null when nothing sets it.
// antdStyles(ui) is the CSS antd generates for a rendered tree, to weigh the site's rules
// against. Enough for the shop's own stylesheet and antd's, not a whole CSS engine.
import { render } from '@testing-library/react';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';

/** antdStyles renders `ui` (antd parts) and returns it with the CSS antd made for it. */
export function antdStyles(ui) {
  const cache = createCache();
  const rendered = render(<StyleProvider cache={cache} container={document.createElement('div')}>{ui}</StyleProvider>);
  return { ...rendered, css: extractStyle(cache, { plain: true }) };
}

/** splitTop splits `text` at each `sep` outside brackets. */
function splitTop(text, sep) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(' || text[i] === '[') depth += 1;
    else if (text[i] === ')' || text[i] === ']') depth -= 1;
    else if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i));
      start = i + sep.length;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const add = (a, b) => a.map((n, i) => n + b[i]);
const greater = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** specificity of one complex selector: [ids, classes, types]. */
export function specificity(selector) {
  let total = [0, 0, 0];
  let rest = selector;
  const functional = /^:(where|is|not|has|matches)\(/;
  while (rest.length > 0) {
    const fn = functional.exec(rest);
    if (fn) {
      // The argument runs to its closing bracket.
      let depth = 0;
      let end = fn[0].length - 1;
      for (; end < rest.length; end += 1) {
        if (rest[end] === '(') depth += 1;
        else if (rest[end] === ')' && --depth === 0) break;
      }
      const inner = rest.slice(fn[0].length, end);
      if (fn[1] !== 'where') {
        const most = splitTop(inner, ',').map(specificity).sort(greater).at(-1) ?? [0, 0, 0];
        total = add(total, most);
      }
      rest = rest.slice(end + 1);
      continue;
    }
    const token = /^(#[\w-]+|\.[\w-]+|\[[^\]]*\]|::[\w-]+|:[\w-]+(\([^)]*\))?|[\w-]+|\*|[\s>+~]+)/.exec(rest);
    if (!token) throw new Error(`cannot weigh ${selector}`);
    const t = token[0];
    if (t.startsWith('#')) total = add(total, [1, 0, 0]);
    else if (t.startsWith('::')) total = add(total, [0, 0, 1]);
    else if (t.startsWith('.') || t.startsWith('[') || t.startsWith(':')) total = add(total, [0, 1, 0]);
    else if (/^[\w-]+$/.test(t)) total = add(total, [0, 0, 1]);
    rest = rest.slice(t.length);
  }
  return total;
}

/** mediaMatches answers a media query list for the features given. */
function mediaMatches(text, { width = 1280, height = 800, reducedMotion = false, touch = false }) {
  return splitTop(text, ',').some((query) => {
    if (/^not\b/.test(query)) return false;
    return splitTop(query.replace(/^only\s+/, ''), ' and ').every((part) => {
      if (part === 'screen' || part === 'all') return true;
      const m = /^\(\s*([\w-]+)\s*:\s*([^)]+?)\s*\)$/.exec(part);
      if (!m) return false;
      const [, name, value] = m;
      const px = Number.parseFloat(value);
      switch (name) {
        case 'min-width': return width >= px;
        case 'max-width': return width <= px;
        case 'min-height': return height >= px;
        case 'max-height': return height <= px;
        case 'prefers-reduced-motion': return (value === 'reduce') === reducedMotion;
        case 'pointer': return (value === 'coarse') === touch;
        default: return false;
      }
    });
  });
}

/** flatRules lists a sheet's style rules in order, those of the media blocks that match. */
function flatRules(rules, features) {
  return [...rules].flatMap((rule) => {
    if (rule.selectorText !== undefined) return [rule];
    if (rule.media) return mediaMatches(rule.conditionText ?? rule.media.mediaText, features) ? flatRules(rule.cssRules, features) : [];
    return [];
  });
}

/** parse reads a CSS text into its style rules, with jsdom's parser. */
function parse(css, features) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  try {
    return flatRules(style.sheet.cssRules, features);
  } finally {
    style.remove();
  }
}

const matches = (element, selector) => {
  if (selector.includes('::')) return false;
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
};

export function styleOf(sheets, features = {}) {
  const rules = sheets.flatMap((css) => parse(css, features));
  /** declared is the winning declared value of `property` on `element`, unresolved. */
  const declared = (element, property) => {
    let best = null;
    rules.forEach((rule, order) => {
      const value = rule.style.getPropertyValue(property);
      if (!value) return;
      const important = rule.style.getPropertyPriority(property) === 'important' ? 1 : 0;
      for (const selector of splitTop(rule.selectorText, ',')) {
        if (!matches(element, selector)) continue;
        // !important first, then specificity, then the later rule.
        const weight = [important, ...specificity(selector), order];
        const ahead = best ? weight.map((n, i) => n - best.weight[i]).find((d) => d !== 0) ?? 0 : 1;
        if (ahead >= 0) best = { value, weight };
      }
    });
    return best?.value ?? null;
  };
  /** custom is a custom property as `element` inherits it. */
  const custom = (element, name) => {
    for (let at = element; at; at = at.parentElement) {
      const value = declared(at, name);
      if (value !== null) return value;
    }
    return null;
  };
  const resolve = (element, value, depth = 0) => {
    if (value === null || depth > 10) return value;
    return value.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*([^)]*))?\)/g, (_, name, fallback) =>
      resolve(element, custom(element, name) ?? fallback ?? '', depth + 1).trim());
  };
  return { value: (element, property) => resolve(element, declared(element, property)) };
}
