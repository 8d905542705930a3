// How order lists cut a product's description.
import { preview as cut } from '../../texts';
import { ORDER_PREVIEW } from '../../rules';

/** preview gives the first characters of a description, as order lists show it. */
export const preview = (text) => cut(text, ORDER_PREVIEW);
