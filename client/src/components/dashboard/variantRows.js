// The admin's options and variants as the product form edits them, and the body of
// PUT product/variants/{id} built from them. Values are typed as "S, M, L"; every row is one
// combination of option values with its SKU, optional price and stock. An option keeps the
// name and values its rows were made with (`was`, null for one added since) and a row the
// combination it was made for (`made`), so a rename carries through to the rows (see
// optionRenames.js); a row's `options` is that combination as the options read now.

import { choiceCarrier } from './optionRenames';
import { MAX_SKU_LENGTH, skuLength, skuMaker, uniqueSku } from './sku';
import { NO_OPTIONS_LEFT, ROWS_OUT_OF_DATE, decimalCommaText } from './texts';

export const MAX_OPTIONS = 3;
const SUGGESTED_NAMES = ['Size', 'Colour', 'Fit'];

// The option names shoppers can filter the shop by, in any case (the server's browse facets:
// SizeOptionNames and ColourOptionNames in api/browse.go).
const FILTER_NAMES = ['size', 'colour', 'color'];

/** filteredBy tells whether shoppers can filter the shop by an option named `name`. */
export const filteredBy = (name) => FILTER_NAMES.includes(name.trim().toLowerCase());

export const EMPTY_VARIANTS = { options: [], variants: [] };

/** splitValues reads "S, M, L" as ['S', 'M', 'L'] (blanks and repeats dropped). */
export const splitValues = (text) => [...new Set(text.split(',').map((v) => v.trim()).filter(Boolean))];

/**
 * decimalComma finds a European half size typed with a comma, "42,5" of "EU 42, EU 42,5", which
 * the comma would split in two: a number of two digits or more, a comma and a lone 5. Sizes
 * listed without spaces ("28,30,32", "6,7,8") are lists, not halves. The number, or undefined.
 */
export const decimalComma = (text) => text.match(/\d{2,},5(?!\d)/)?.[0];

/**
 * rowName names a row by its values in option order: "M / Navy". A row the options no longer
 * fit is named by the values it was made with.
 */
export function rowName(options, row) {
  const values = options.map((o) => row.options[o.name.trim()]);
  const fits = values.length > 0 && values.every((v) => v !== undefined);
  return (fits ? values : Object.values(row.options)).join(' / ');
}

/** parse reads the options as typed: names trimmed, values split. */
const parse = (options) => options.map((o) => ({ name: o.name.trim(), values: splitValues(o.values), was: o.was ?? null }));

/** shopRow is a saved variant as a row of the editor, its figures as saved (to tell the admin's edits by). */
export const shopRow = (v) => ({
  _id: v._id, sku: v.sku, options: v.options, made: v.options, price: v.price ?? '', quantity: v.quantity ?? 0,
  saved: v.quantity ?? 0, savedSku: v.sku, savedPrice: v.price ?? '',
});

/**
 * variantRows turns a saved product's options and variants into the editor's state. `base` is
 * the options and variant ids as loaded: what the admin has changed is read against it when
 * another admin's edit comes first (withShopNow).
 */
export function variantRows(product) {
  return {
    options: (product.options ?? []).map((o) => ({ name: o.name, values: o.values.join(', '), was: { name: o.name, values: o.values } })),
    variants: (product.variants ?? []).map(shopRow),
    base: { options: product.options ?? [], ids: (product.variants ?? []).map((v) => v._id) },
    confirmed: {},
  };
}

/**
 * withOptions sets the options as the admin typed them and reads every row against them: an
 * option renamed or a value edited in place renames it in the rows, which keep their id, SKU,
 * price and stock; a row the options no longer fit (a value or option removed, an option
 * added) is left as it was made, for Generate to put right.
 */
export function withOptions(state, options) {
  const carry = choiceCarrier(parse(options));
  return { ...state, options, variants: state.variants.map((row) => ({ ...row, options: carry(row) ?? row.made })) };
}

/** addOption appends an option named after the next usual choice (Size, then Colour). */
export function addOption(state) {
  if (state.options.length >= MAX_OPTIONS) return state;
  const taken = state.options.map((o) => o.name);
  const name = SUGGESTED_NAMES.find((n) => !taken.includes(n)) ?? '';
  return withOptions(state, [...state.options, { name, values: '', was: null }]);
}

/**
 * combinations makes one row per combination of the options' values (those with a name and
 * values): a row there that stands for exactly that combination is kept (and in `kept`), with
 * its id, SKU, price and stock; a new one gets a SKU made of `prefix` and its values (see
 * sku.js), none of the product's other rows has, and no stock.
 */
function combinations(state, prefix) {
  const options = parse(state.options).filter((o) => o.name && o.values.length > 0);
  if (options.length === 0) return { options, rows: [], kept: new Set() };
  let combos = [{}];
  for (const o of options) combos = combos.flatMap((c) => o.values.map((v) => ({ ...c, [o.name]: v })));
  const key = (choice) => options.map((o) => choice[o.name]).join('\u0000');
  // A row left from an option removed or added since, or of a value removed, stands for no
  // combination of these: it goes, and its combination, if any, is made anew.
  const carry = choiceCarrier(options);
  const existing = new Map(state.variants.flatMap((row) => {
    const choice = carry(row);
    return choice ? [[key(choice), row]] : [];
  }));
  const kept = new Set(combos.map((choice) => existing.get(key(choice))).filter(Boolean));
  // Values that read alike as a SKU ("S" and "s", "Navy Blue" and "Navy-Blue") would make one
  // SKU twice, which the server refuses: a new row takes one no kept or new row has.
  const taken = new Set([...kept].map((row) => row.sku.trim()));
  const skuOf = skuMaker(prefix);
  const rows = combos.map((choice) => {
    const row = existing.get(key(choice));
    if (row) return { ...row, options: choice };
    const sku = uniqueSku(skuOf(options.map((o) => choice[o.name])), taken);
    taken.add(sku);
    return { sku, options: choice, price: '', quantity: 0 };
  });
  return { options, rows, kept };
}

/**
 * generate makes the rows the combinations of the options' values (see combinations), and
 * takes the options as they are now as the ones the rows were made with.
 */
export function generate(state, prefix) {
  const { options, rows, kept } = combinations(state, prefix);
  const used = new Map(options.map((o) => [o.name, o]));
  // The saved rows it drops were asked about (VariantEditor) with the stock they showed: a save
  // does not ask again unless the shop has more of them by then (leftOutWithStock).
  const dropped = state.variants.filter((row) => row._id && !kept.has(row));
  return {
    ...state,
    confirmed: { ...state.confirmed, ...Object.fromEntries(dropped.map((row) => [row._id, Number(row.quantity) || 0])) },
    options: state.options.map((o) => {
      const made = used.get(o.name.trim());
      return { ...o, was: made ? { name: made.name, values: made.values } : null };
    }),
    variants: rows.map((row) => ({ ...row, made: row.options })),
  };
}

/** droppedBy lists the rows Generate would drop: those that stand for no combination now. */
export function droppedBy(state) {
  const { kept } = combinations(state, '');
  return state.variants.filter((row) => !kept.has(row));
}

/** hasVariantEdits tells whether a save must send the options and variants. */
export const hasVariantEdits = (state, saved) => state.options.length > 0 || (saved?.options?.length ?? 0) > 0;

/**
 * variantsBody is the JSON of PUT product/variants/{id}: numbers as numbers, no price = none.
 * A saved variant whose stock the admin left as loaded is sent without it, so the server keeps
 * its stock as it is then: a sale made while the form was open is not undone.
 */
export function variantsBody(state) {
  return {
    options: state.options.map((o) => ({ name: o.name.trim(), values: splitValues(o.values) })),
    variants: state.variants.map((row) => ({
      ...(row._id ? { _id: row._id } : {}),
      sku: row.sku.trim(),
      options: row.options,
      ...(row.price === '' || row.price == null ? {} : { price: Number(row.price) }),
      ...(row._id && Number(row.quantity) === row.saved ? {} : { quantity: Number(row.quantity) }),
    })),
  };
}

/** stockOf is the product's stock when it has variants: the sum of theirs. */
export const stockOf = (state) => state.variants.reduce((sum, row) => sum + (Number(row.quantity) || 0), 0);

/**
 * valuesProblem says which option's values hold a decimal typed with a comma (decimalComma),
 * or answers '' when none does.
 */
export function valuesProblem(options) {
  const commas = options.map((o) => decimalComma(o.values));
  const at = commas.findIndex(Boolean);
  return at >= 0 ? `Option ${at + 1} values: ${decimalCommaText(commas[at])}` : '';
}

/**
 * rowsProblem says in a sentence what keeps the rows from being saved as they are, naming a
 * row as the editor shows it, or answers '' when nothing does: a decimal typed with a comma
 * among an option's values (valuesProblem), an option without a name or values or named twice,
 * rows left without any option, rows left behind by an option removed or added or a value
 * removed (Generate puts them right), a combination twice, a row without SKU, a SKU longer
 * than the server takes, or a SKU twice.
 */
export function rowsProblem(state) {
  const commas = valuesProblem(state.options);
  if (commas) return commas;
  const options = state.options.map((o) => ({ name: o.name.trim(), values: splitValues(o.values) }));
  const names = options.map((o) => o.name.toLowerCase());
  const bad = options.findIndex((o, i) => !o.name || o.values.length === 0 || names.indexOf(names[i]) !== i);
  if (bad >= 0) return `Give option ${bad + 1} a name of its own and its values, or remove it.`;
  if (options.length === 0 && state.variants.length > 0) return NO_OPTIONS_LEFT;
  const fits = (row) =>
    Object.keys(row.options).length === options.length &&
    options.every((o) => o.values.includes(row.options[o.name]));
  if (!state.variants.every(fits)) return ROWS_OUT_OF_DATE;
  const name = (row) => rowName(options, row);
  const combos = new Map();
  const skus = new Map();
  for (const row of state.variants) {
    const combo = options.map((o) => row.options[o.name]).join('\u0000');
    if (combos.has(combo)) return `${name(row)} is there twice: remove one.`;
    combos.set(combo, row);
    const sku = row.sku.trim();
    if (!sku) return `Give ${name(row)} a SKU.`;
    if (skuLength(sku) > MAX_SKU_LENGTH) {
      return `Shorten the SKU of ${name(row)} to ${MAX_SKU_LENGTH} characters or fewer.`;
    }
    if (skus.has(sku)) return `${name(row)} repeats the SKU of ${name(skus.get(sku))}.`;
    skus.set(sku, row);
  }
  return '';
}
