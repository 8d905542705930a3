import dayjs from 'dayjs';
import { preview as cut } from '../../texts';
import relativeTime from 'dayjs/plugin/relativeTime';
import { ORDER_PREVIEW_LENGTH } from './texts';

dayjs.extend(relativeTime);

/** fromNow gives a relative date such as "3 days ago". */
export const fromNow = (date) => dayjs(date).fromNow();

/** preview gives the first 30 characters of a description (SPEC.md §9). */
export const preview = (text) => cut(text, ORDER_PREVIEW_LENGTH);

/** newestFirst sorts a copy of orders by createdAt, newest first. */
export const newestFirst = (orders) =>
  [...orders].sort((a, b) => new Date(b.createdAt) - new Date(a.createdAt));
