// useFocusBack(failed) returns a ref for a submit button disabled while its call is under way.
// A browser takes the keyboard's focus off a button as it is disabled, to the page: after a
// failure a keyboard or screen reader user would start again from the top, told what happened
// only by a toast. So once `failed` turns true (the button enabled again), focus comes back to
// the button, unless the person has since put it somewhere else.
import { useEffect, useRef } from 'react';

/** focusLost tells whether the keyboard's focus is nowhere (the page) or still on `own`. */
export const focusLost = (own) => {
  const at = document.activeElement;
  return !at || at === document.body || (own != null && own.contains?.(at));
};

export default function useFocusBack(failed) {
  const button = useRef(null);
  useEffect(() => {
    if (failed && focusLost(button.current)) button.current?.focus();
  }, [failed]);
  return button;
}
