// Texts shared by several dashboard screens.
import { SOMETHING_WENT_WRONG } from '../../texts';

export const LOADING_TEXT = 'please wait...';
export const GENERIC_ERROR = SOMETHING_WENT_WRONG;

/** Shown when an edit is refused because the product changed (a sale, say) since it was loaded. */
export const PRODUCT_CHANGED =
  'This product changed since you opened it. It has been reloaded: check it and update again.';
