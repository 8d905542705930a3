// Texts shared by several dashboard screens.
import { SOMETHING_WENT_WRONG } from '../../texts';

export const LOADING_TEXT = 'please wait...';
export const GENERIC_ERROR = SOMETHING_WENT_WRONG;

/** Shown when an edit is refused because another edit changed the product since it was loaded. */
export const PRODUCT_CHANGED =
  'This product changed since you opened it. It has been reloaded: check it and update again.';

/**
 * Shown when the form has options but no combination of them: saved so, the product would be
 * sold in no size at all and its stock would go.
 */
export const NO_COMBINATIONS = 'Generate the combinations to sell it by size or colour, or remove the options.';

/** Shown when the variant rows were left behind by an option renamed, removed or given other values. */
export const ROWS_OUT_OF_DATE = 'The sizes and colours below no longer match the options: press Generate.';
