// useRestoredScroll brings a Load more list back to where the shopper left it once all its pages
// are in (`allIn`). <ScrollRestoration> (AppFrame) scrolls to the saved position as the page is
// first drawn: on a reload, or Back to a list no longer cached, only the first page (or its
// skeletons) is there then, the browser stops at the end of what is drawn, and the pages after
// it come later. Here the same position is applied again once they are in.
// Only a location the router restores a position for (Back, Forward, a reload) is scrolled: a
// new list (a filter, a sort, a link) keeps the router's own start, and Load more never jumps.
// A replaced address (useLoadedPages cutting the page count to the last page) keeps the
// position it waits to apply.
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation, useNavigationType } from 'react-router-dom';

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
  }, [location, restoreScrollPosition, navigation]);
  useEffect(() => {
    if (!allIn || waiting.current === null) return;
    window.scrollTo(0, waiting.current);
    waiting.current = null;
  }, [allIn, location]);
}
