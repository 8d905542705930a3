// useRestoredScroll brings a Load more list back to where the shopper left it once all its pages
// are in (`allIn`). <ScrollRestoration> (AppFrame) scrolls to the saved position as the page is
// first drawn: on a reload, or Back to a list no longer cached, only the first page (or its
// skeletons) is there then, the browser stops at the end of what is drawn, and the pages after
// it come later. Here the same position is applied again once they are in.
// Only a location the router restores a position for (Back, Forward, a reload) is scrolled: a
// new list (a filter, a sort, a link) keeps the router's own start, and Load more never jumps.
// A replaced address (useLoadedPages cutting the page count to the last page, or to the most
// a list opens with) keeps the position it waits to apply: past the pages drawn, the browser
// stops at their end.
// As browsers do, it gives up once the shopper scrolls while it waits (the wheel, a finger, a
// scrolling key, the scroll bar): the pages coming in then never pull them back.
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation, useNavigationType } from 'react-router-dom';

/** The keys that scroll the page when no field has them. */
const SCROLL_KEYS = new Set([
  'PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', ' ', 'Spacebar',
]);
/** Where those keys type or choose rather than scroll (Space presses a button). */
const FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

const scrollsPage = (event) => {
  if (event.defaultPrevented || !SCROLL_KEYS.has(event.key)) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(FIELDS)) return false;
  return !(event.key === ' ' && target?.closest('button, [role="button"]'));
};

/**
 * giveUpOnScroll calls giveUp the first time the person scrolls the window: a wheel, a finger
 * moving, a scrolling key outside a field, or a scroll that leaves the page elsewhere than
 * where the restoring left it (the scroll bar dragged). A page grown shorter under the
 * position, which the browser holds at its end, is not the person. It returns the removal of
 * its listeners.
 */
function giveUpOnScroll(giveUp) {
  let at = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    if (Math.abs(y - at) < 1) return;
    const end = document.documentElement.scrollHeight - window.innerHeight;
    if (y < at && y >= end - 1) at = y;
    else giveUp();
  };
  const onKey = (event) => {
    if (scrollsPage(event)) giveUp();
  };
  const listened = [['wheel', giveUp], ['touchmove', giveUp], ['keydown', onKey], ['scroll', onScroll]];
  listened.forEach(([type, f]) => window.addEventListener(type, f, { passive: true }));
  return () => listened.forEach(([type, f]) => window.removeEventListener(type, f, { passive: true }));
}

export default function useRestoredScroll(allIn) {
  // The position the router restores for this location: a number on Back or a reload, else
  // null or false. The router's state is the one place that holds it.
  const { restoreScrollPosition } = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const navigation = useNavigationType();
  const waiting = useRef(null);
  useEffect(() => {
    if (typeof restoreScrollPosition === 'number') waiting.current = restoreScrollPosition;
    else if (navigation !== 'REPLACE') waiting.current = null;
    if (waiting.current === null) return undefined;
    return giveUpOnScroll(() => {
      waiting.current = null;
    });
  }, [location, restoreScrollPosition, navigation]);
  useEffect(() => {
    if (!allIn || waiting.current === null) return;
    window.scrollTo(0, waiting.current);
    waiting.current = null;
  }, [allIn, location]);
}
