// The root of every route: the page itself, the one toast block (here, not in each page's
// layout, so a toast raised just before a navigation survives the next page's loading), and
// the browser's scroll position kept per history entry, so Back returns to where the shopper
// was on a list. Toasts show at the top centre, under the sticky header (--header-h), so
// they never cover the avatar, the cart or the search a shopper reaches for next. They are
// drawn inside a live region that is on the page before any of them: a screen reader reads what
// is added to a region it already watches, where a toast's own region, added with its text
// already in, is often never read (Invalid email or password, Item Added to cart...).
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';

const TOASTS_UNDER_HEADER = { top: 'calc(var(--header-h, 0px) + 8px)' };

export default function AppFrame() {
  return (
    <>
      <Outlet />
      <div className="toasts" aria-live="polite">
        <Toaster position="top-center" containerStyle={TOASTS_UNDER_HEADER} />
      </div>
      <ScrollRestoration />
    </>
  );
}
