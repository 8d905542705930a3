import { describe, expect, it } from 'vitest';
import { keepPlaces } from './useSteadyFacets';

const byValue = (v) => v.value;
const sizes = (...pairs) => pairs.map(([value, count]) => ({ value, count }));

describe('keepPlaces', () => {
  it('keeps a value the answer left out in its place, with count 0', () => {
    const before = sizes(['S', 2], ['M', 3], ['L', 1]);
    expect(keepPlaces(before, sizes(['S', 1], ['L', 4]), byValue)).toEqual(sizes(['S', 1], ['M', 0], ['L', 4]));
  });

  it('puts a value new to the list after the one it follows in the answer', () => {
    const before = sizes(['S', 2], ['L', 1]);
    expect(keepPlaces(before, sizes(['XS', 1], ['S', 2], ['M', 5], ['L', 1]), byValue))
      .toEqual(sizes(['XS', 1], ['S', 2], ['M', 5], ['L', 1]));
  });

  it('answers the first list as it comes', () => {
    expect(keepPlaces([], sizes(['M', 3]), byValue)).toEqual(sizes(['M', 3]));
  });
});
