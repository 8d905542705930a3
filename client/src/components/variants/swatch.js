// The colour a swatch paints for a colour's name: a few garment colours CSS does not name,
// else the CSS colour of the whole name ("Sky Blue" -> skyblue) or of its last word ("Jet
// Black" -> black), else a neutral grey. The name is always written beside the swatch.
const GARMENT_COLOURS = {
  'navy blue': 'navy', 'off white': '#f5f3ea', ecru: '#e9e2cf', natural: '#e8dcc4', 'sand beige': '#d8c7a0',
  mustard: '#d9a520', rust: '#b7410e', terracotta: '#c8603f', burgundy: '#800020', champagne: '#f2e2c4',
  charcoal: '#36454f', wine: '#722f37', mint: '#98e2c6', saffron: '#f4c430', emerald: '#50c878',
  'light wash': '#a6bedb', 'raw blue': '#25324f', 'dark indigo': '#2e2a5a', 'jute brown': '#a67b4f',
};
const NEUTRAL = '#bbb';

const isCSSColour = (name) => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', name);

export function swatchColour(value) {
  const name = value.trim().toLowerCase();
  if (GARMENT_COLOURS[name]) return GARMENT_COLOURS[name];
  const candidates = [name.replace(/\s+/g, ''), name.split(/\s+/).at(-1)];
  return candidates.find((c) => /^[a-z]+$/.test(c) && isCSSColour(c)) ?? NEUTRAL;
}

/** isColourOption tells whether an option is shown as colour swatches. */
export const isColourOption = (name) => /^colou?r$/i.test(name.trim());
