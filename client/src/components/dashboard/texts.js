// The dashboard's own texts, which SPEC does not have (SPEC's fixed texts are in src/texts.js).

/**
 * Said on the form, in place of the server's refusal, when an edit was refused because another
 * admin's edit changed the product since it was loaded: what was typed stays, the stock the
 * admin left alone shows the shop's figures now, and the next UPDATE PRODUCT saves it over theirs.
 */
export const PRODUCT_CHANGED =
  'Another edit changed this product since you opened it. Your changes are still here, and the ' +
  'stock you did not change shows the shop\'s figures now: UPDATE PRODUCT again saves your ' +
  'changes over that edit, or reload the page to start from it.';

/**
 * productChangedText is the notice for a refused edit of a product sold by size or colour, once
 * the form shows its sizes and colours as the shop has them now (withShopNow): `lost` names the
 * rows the admin changed that the other edit removed (those changes are gone), `optionsKept`
 * says the admin's option changes are made again on the shop's variants, `optionsRedo` that they
 * could not be and are gone. Each sentence holds for the next save.
 */
export function productChangedText({ lost = [], optionsKept = false, optionsRedo = false } = {}) {
  const said = ['Another edit changed this product since you opened it.'];
  said.push(optionsKept
    ? 'The variants below are the shop\'s now, with your option changes made on them.'
    : 'The sizes and colours below are the shop\'s now.');
  if (lost.length > 0) {
    said.push(`That edit removed ${listed(lost)}: your changes to ${lost.length > 1 ? 'them' : 'it'} are gone.`);
  }
  if (optionsRedo) {
    said.push('It changed the options as well, so your option changes are gone: make them again.');
  }
  const rest = lost.length > 0 || optionsRedo ? 'Your other changes are still here' : 'Your changes are still here';
  said.push(`${rest}, and the stock, SKUs and prices you did not change show the shop's figures: UPDATE ` +
    'PRODUCT again saves your changes over that edit, or reload the page to start from it.');
  return said.join(' ');
}

/**
 * How the server's refusal (409) of an edit made on a copy of the product that another admin's
 * edit has made stale begins: the one refusal the form explains itself (PRODUCT_CHANGED), as
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
