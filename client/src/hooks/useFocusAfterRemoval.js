// useFocusAfterRemoval(buttons, fallback) keeps the keyboard's focus in a list whose items each
// have a button that removes them (Delete, Remove): pressed, the button goes with its item and
// the focus with it, to the page, where a keyboard or screen reader user has to find their
// place again. It returns removing(i), to call as item i's button is pressed. Once the list is
// drawn without it and its buttons take clicks again (a write under way may hold them
// disabled), the focus goes to the button now at i (the next item's), else to the one before,
// else to `fallback()` (what stands when none is left). `buttons()` lists the items' buttons as
// drawn, in order. Focus the person has put elsewhere meanwhile stays where it is; a removal
// that fails leaves the list as long, and nothing moves.
import { useEffect, useRef } from 'react';
import { focusLost } from './useFocusBack';

export default function useFocusAfterRemoval(buttons, fallback) {
  const removal = useRef(null);
  useEffect(() => {
    const { current } = removal;
    if (!current) return;
    const list = [...buttons()];
    if (list.length >= current.count) return; // not drawn without it yet
    if (!focusLost()) {
      removal.current = null;
      return;
    }
    const target = list[Math.min(current.at, list.length - 1)] ?? fallback();
    if (target?.disabled) return;
    removal.current = null;
    target?.focus();
  });
  return (at) => {
    removal.current = { at, count: buttons().length };
  };
}
