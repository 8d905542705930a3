// useSteadyFacets keeps the rows of a filter panel in place while the shopper filters. Each
// facet's counts apply the other filters, so ticking Size M can bring a category's count to
// 0, and the server then leaves it out: the rows below it would move up under the finger
// (and a Show all button could go), so the next tap lands on another value. Here a value
// shown before stays in its place with count 0 (the panel shows it disabled) until the list
// changes (`scope`, another category's page).
import { useState } from 'react';

/**
 * keepPlaces answers the values of `current` in the places `before` gave them, each value of
 * `before` that `current` lacks kept with count 0; a value new to the list goes after the one
 * it follows in `current`. `keyOf` names a value.
 */
export function keepPlaces(before, current, keyOf) {
  const now = new Map(current.map((v) => [keyOf(v), v]));
  const kept = before.map((v) => now.get(keyOf(v)) ?? { ...v, count: 0 });
  const placed = new Set(kept.map(keyOf));
  current.forEach((v, i) => {
    if (placed.has(keyOf(v))) return;
    const after = i === 0 ? -1 : kept.findIndex((k) => keyOf(k) === keyOf(current[i - 1]));
    kept.splice(after + 1, 0, v);
    placed.add(keyOf(v));
  });
  return kept;
}

const bySlug = (c) => c.slug;
const byValue = (v) => v.value;

/** steady answers `facets` with the rows of `before` kept in place. */
const steady = (before, facets) => ({
  ...facets,
  category: keepPlaces(before.category, facets.category, bySlug),
  size: keepPlaces(before.size, facets.size, byValue),
  colour: keepPlaces(before.colour, facets.colour, byValue),
});

export default function useSteadyFacets(facets, scope) {
  const [held, setHeld] = useState({ facets, scope, shown: facets });
  if (held.facets === facets && held.scope === scope) return held.shown;
  // Followed during render, as React advises for state that follows a value.
  const shown = held.scope === scope ? steady(held.shown, facets) : facets;
  setHeld({ facets, scope, shown });
  return shown;
}
