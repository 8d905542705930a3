// The filtered product list as its own chunk, to keep the storefront's first download small.
// loadBrowseList asks for the chunk once and marks its promise fulfilled when it is in, so
// React's `use` reads it at once: a shop whose first screen the server drew waits for the chunk
// before its first render (first-screen.js) and never shows the list's loading state in between;
// opened any other way, the list shows its skeletons until the chunk is in. Its styles are in
// the first download: the server's drawn shop needs them at its first paint.
import { Suspense, use } from 'react';
import ProductGridSkeleton from '../status/ProductGridSkeleton';
import './browse.css';

let chunk;

export function loadBrowseList() {
  if (!chunk) {
    chunk = import('./BrowseList');
    chunk.then(
      (module) => Object.assign(chunk, { status: 'fulfilled', value: module }),
      (reason) => Object.assign(chunk, { status: 'rejected', reason }),
    );
  }
  return chunk;
}

function List(props) {
  const { default: BrowseList } = use(loadBrowseList());
  return <BrowseList {...props} />;
}

export default function LazyBrowseList(props) {
  return (
    <Suspense fallback={<ProductGridSkeleton />}>
      <List {...props} />
    </Suspense>
  );
}
