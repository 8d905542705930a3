// The root of every route: the page itself, the one toast block (here, not in each page's
// layout, so a toast raised just before a navigation survives the next page's loading), and
// the browser's scroll position kept per history entry, so Back returns to where the shopper
// was on a list.
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';

export default function AppFrame() {
  return (
    <>
      <Outlet />
      <Toaster position="top-center" />
      <ScrollRestoration />
    </>
  );
}
