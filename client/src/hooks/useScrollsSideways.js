// useScrollsSideways() returns [ref, scrolls] for a box whose content may be wider than it (a
// table in a .table-scroll region): `scrolls` tells whether it is, now. Such a box must take
// the keyboard's focus, so the arrow keys can scroll it; a box that does not scroll would be a
// Tab stop that does nothing. It is measured as it appears and again whenever it or its
// content changes size (a window narrowed, a phone turned round, a longer status).
import { useLayoutEffect, useRef, useState } from 'react';

export default function useScrollsSideways() {
  const box = useRef(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [box, scrolls];
}
