// The root of every route: the page itself, and the browser's scroll position kept per
// history entry, so Back returns to where the shopper was on a list.
import { Outlet, ScrollRestoration } from 'react-router-dom';

export default function AppFrame() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
