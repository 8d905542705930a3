// Spec texts and constants shared by several dashboard screens (SPEC.md §2, §4, §8, §9).
export const LOADING_TEXT = 'please wait...';
export const PAYMENT_TEXT = 'Success';
export const GENERIC_ERROR = 'Something went wrong';

// The five order statuses in their default list order; the admin may pick any at any time.
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];

export const ORDER_PREVIEW_LENGTH = 30;
