// WCAG contrast between two CSS colours, as #rgb, #rrggbb or rgb()/rgba(); a colour that is
// partly transparent is laid over the one under it (its `over`, else white) first.

/** rgba reads a CSS colour as [r, g, b, a], r g b from 0 to 255. */
export function rgba(color) {
  const text = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : hex[1].match(/../g);
    return [...digits.map((d) => Number.parseInt(d, 16)), 1];
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(text);
  if (fn) {
    const [r, g, b, a = '1'] = fn[1].split(/[\s,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number.parseFloat(a)];
  }
  throw new Error(`cannot read the colour ${color}`);
}

/** flatten lays `color` over the opaque `under` ([r, g, b]). */
const flatten = ([r, g, b, a], under) => [r, g, b].map((c, i) => c * a + under[i] * (1 - a));

const luminance = (rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** contrast of `text` on `background`; `page` is what a translucent background lies on. */
export function contrast(text, background, page = '#ffffff') {
  const bg = flatten(rgba(background), flatten(rgba(page), [255, 255, 255]));
  const fg = flatten(rgba(text), bg);
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}
