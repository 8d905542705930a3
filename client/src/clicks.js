// A button that takes its own line out of a list moves the next line's button under the
// pointer: the second click of a double click (or double tap) would take that line out too.
// Keyboard presses come with detail 0, a double click's second click with 2.

/** firstClickOnly wraps a removal so that only a first click (or a key press) runs it. */
export const firstClickOnly = (action) => (event) => {
  if (event.detail <= 1) action(event);
};
