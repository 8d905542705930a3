// The dashboard's own texts, which SPEC does not have (SPEC's fixed texts are in src/texts.js).

/** joined lists labels as a sentence does: "Name", "Name and Price", "Name, Price and Shipping". */
const joined = (labels) => (labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0]);

/**
 * productChangedText is said on the form, in place of the server's refusal, when an edit was
 * refused because another admin's edit changed the product since it was loaded, once the form
 * shows the product as the shop has it now with the admin's changes kept on it (withFieldsNow,
 * and withShopNow for its sizes and colours): `taken` names the fields that edit changed, which
 * now show its values; `kept` those the admin changed too, which keep the admin's. For a product
 * `sized` (sold by size or colour, now or as loaded): `lost` names the rows the admin changed
 * that the other edit removed (those changes are gone), `optionsKept` says the admin's option
 * changes are made again on the shop's variants, `optionsRedo` that they could not be and are
 * gone. Each sentence holds for the next save: UPDATE PRODUCT saves the admin's changes, and
 * nothing else, over that edit.
 */
export function productChangedText({
  sized = false, taken = [], kept = [], lost = [], optionsKept = false, optionsRedo = false,
} = {}) {
  const said = ['Another edit changed this product since you opened it.'];
  if (sized) {
    said.push(optionsKept
      ? 'The variants below are the shop\'s now, with your option changes made on them.'
      : 'The sizes and colours below are the shop\'s now.');
  }
  if (lost.length > 0) {
    said.push(`That edit removed ${listed(lost)}: your changes to ${lost.length > 1 ? 'them' : 'it'} are gone.`);
  }
  if (optionsRedo) {
    said.push('It changed the options as well, so your option changes are gone: make them again.');
  }
  if (kept.length > 0) said.push(`You and that edit both changed ${joined(kept)}: the form keeps yours.`);
  const rest = lost.length > 0 || optionsRedo ? 'Your other changes are still here' : 'Your changes are still here';
  const theirs = taken.length > 0 ? ` (that edit changed ${joined(taken)})` : '';
  said.push(`${rest}, and everything you did not change shows what the shop has now${theirs}: UPDATE ` +
    'PRODUCT again saves your changes over that edit, or reload the page to start from it.');
  return said.join(' ');
}

/**
 * How the server's refusal (409) of an edit made on a copy of the product that another admin's
 * edit has made stale begins: the one refusal the form explains itself (productChangedText), as
 * the next UPDATE PRODUCT answers it. Its other 409s (a SKU in use, a category deleted) are
 * the admin's to put right, and stay toasts.
 */
export const STALE_COPY_REFUSAL = 'This product changed since you opened it.';

/**
 * Shown when the form has options but no combination of them: saved so, the product would be
 * sold in no size at all and its stock would go.
 */
export const NO_COMBINATIONS = 'Generate the combinations to sell it by size or colour, or remove the options.';

/** Shown when the variant rows were left behind by an option removed or added, or a value removed. */
export const ROWS_OUT_OF_DATE = 'The sizes and colours below no longer match the options: press Generate.';

/**
 * Shown when every option was removed but rows remain: Generate has nothing to make, and the
 * rows go with one click (the product then sold as one item, its stock the Quantity).
 */
export const NO_OPTIONS_LEFT = 'No options are left: press Remove all rows to sell it as one item, then set its stock in Quantity.';

/** How many of the rows Generate would drop are named before "and N more". */
const NAMED_ROWS = 5;

/** listed names rows: "S, M" or "S, M, L, XL, XXL and 2 more". */
function listed(names) {
  const more = names.length - NAMED_ROWS;
  return more > 0 ? `${names.slice(0, NAMED_ROWS).join(', ')} and ${more} more` : names.join(', ');
}

/**
 * leftOutStockText asks before a save removes saved variants (named `names`) that still hold
 * `units` in stock, left out of the rows: saved so, that stock could no longer be sold.
 */
export function leftOutStockText(names, units) {
  return `Saving removes ${names.length} variant(s) the shop has (${listed(names)}), and with them ${units} in stock.`;
}

/**
 * droppedStockText asks before Generate drops rows (named `names`) that still hold `units` in
 * stock: saved so, that stock could no longer be sold.
 */
export function droppedStockText(names, units) {
  return `Generate removes ${names.length} variant(s) the options no longer have (${listed(names)}), ` +
    `and with them ${units} in stock.`;
}

/**
 * decimalCommaText is said under an option's values typed with a comma between two digits
 * (`number`, "42,5"): a comma separates values, so saved so it would be two sizes, 42 and 5.
 */
export function decimalCommaText(number) {
  const [whole, part] = number.split(',');
  return `"${number}" would be two values, ${whole} and ${part}: write a decimal with a dot ` +
    `(${whole}.${part}), or put a space after the comma for two values.`;
}

/**
 * optionNameHint is said under an option's name: shoppers filter the shop by options named
 * Size or Colour only, so another name (Fit, Pattern) is taken but offers no filter.
 */
export const optionNameHint = (filtered) => (filtered
  ? 'Shoppers can filter the shop by it.'
  : 'Name it Size or Colour to let shoppers filter by it.');
