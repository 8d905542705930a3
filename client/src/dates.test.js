import { describe, expect, it } from 'vitest';
import { fromNow, when } from './dates';

describe('dates', () => {
  it('says how long ago a date was, as order lists show it', () => {
    expect(fromNow(new Date(Date.now() - 3 * 24 * 3600 * 1000))).toBe('3 days ago');
  });

  it('reads a date after now (a device clock behind the shop\'s) as now, never in the future', () => {
    expect(fromNow(new Date(Date.now() + 2 * 60 * 1000))).toBe('a few seconds ago');
    expect(fromNow(new Date(Date.now() + 5 * 1000))).toBe('a few seconds ago');
  });

  it('gives the day and time of a date, as an order page shows it', () => {
    expect(when(new Date(2026, 10, 24, 14, 5))).toBe('24 Nov 2026, 14:05');
  });
});
