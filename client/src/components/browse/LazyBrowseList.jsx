// The filtered product list as its own chunk, to keep the storefront's first download small.
// Once the chunk is in (loadBrowseList), the lazy component is given it at once, so React draws
// the list in the same render instead of showing the skeletons for a moment: a shop whose first
// screen the server drew waits for the chunk before its first render (first-screen.js). Opened
// any other way, the list shows its skeletons until the chunk is in. Its styles are in the first
// download: the server's drawn shop needs them at its first paint. A failed download is asked
// for again once (chunks.js) before the page fails.
import { lazy, Suspense } from 'react';
import ProductGridSkeleton from '../status/ProductGridSkeleton';
import { loadChunk } from '../../chunks';
import './browse.css';

let loaded;

/** loadBrowseList asks for the list's chunk (the browser fetches it once) and keeps it. */
export const loadBrowseList = () =>
  loadChunk(() => import('./BrowseList')).then((module) => {
    loaded = module;
    return module;
  });

// A thenable that answers at once: React.lazy then resolves without suspending.
const BrowseList = lazy(() => (loaded ? { then: (resolve) => resolve(loaded) } : loadBrowseList()));

// Until the chunk is in, the skeletons fill the screen: the footer drawn below a short
// placeholder would be pushed away when the list comes (a page opened directly on a desktop).
export default function LazyBrowseList(props) {
  return (
    <Suspense fallback={<div className="loading-screen"><ProductGridSkeleton /></div>}>
      <BrowseList {...props} />
    </Suspense>
  );
}
