// How dates are shown: relative in order lists ("3 days ago", SPEC's), and in full where an
// order's own page gives the moment ("24 Nov 2026, 14:05").
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/**
 * fromNow gives a relative date such as "3 days ago". A date after this device's now (its clock
 * running behind the shop's) reads as now: an order just placed is never "in 2 minutes".
 */
export const fromNow = (date) => {
  const at = dayjs(date);
  const now = dayjs();
  return (at.isAfter(now) ? now : at).fromNow();
};

/** when is a date as people read it, e.g. "24 Nov 2026, 14:05". */
export const when = (date) => dayjs(date).format('D MMM YYYY, HH:mm');
