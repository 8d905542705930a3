// Spec texts and constants shared by several dashboard screens (SPEC.md §2, §4, §8, §9).
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { SOMETHING_WENT_WRONG } from '../../texts';

export const LOADING_TEXT = 'please wait...';
export const PAYMENT_TEXT = 'Success';
export const GENERIC_ERROR = SOMETHING_WENT_WRONG;

// The five order statuses in their default list order; the admin may pick any at any time.
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];

export const ORDER_PREVIEW_LENGTH = 30;

/** The category list failure text of SPEC §8, shown as a toast on the admin's forms. */
export const CATEGORY_LIST_ERROR = 'Something went wrong in getting category';

/** notifyCategoryListError shows the server's message, else CATEGORY_LIST_ERROR. */
export const notifyCategoryListError = (error) => toast.error(errorMessage(error, CATEGORY_LIST_ERROR));

/** Shown when an edit is refused because the product changed (a sale, say) since it was loaded. */
export const PRODUCT_CHANGED =
  'This product changed since you opened it. It has been reloaded: check it and update again.';
