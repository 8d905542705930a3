import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { preview as cut } from '../../texts';
import { ORDER_PREVIEW } from '../../rules';

dayjs.extend(relativeTime);

/** fromNow gives a relative date such as "3 days ago". */
export const fromNow = (date) => dayjs(date).fromNow();

/** preview gives the first characters of a description, as order lists show it. */
export const preview = (text) => cut(text, ORDER_PREVIEW);
