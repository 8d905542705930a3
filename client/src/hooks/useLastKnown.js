// useLastKnown answers `value`, or, while it is undefined, the last value it had: a list whose
// latest call failed keeps showing what it knew before (a filter panel keeps its counts).
import { useState } from 'react';

export default function useLastKnown(value) {
  const [known, setKnown] = useState(value);
  // Remembered during render, as React advises for state that follows a value.
  if (value !== undefined && value !== known) setKnown(value);
  return value ?? known;
}
