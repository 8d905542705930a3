// Generic fallback screen of the route table: Unexpected Application Error with the status
// or message of what went wrong. A page whose code could not be downloaded (chunks.js) says so
// in words, with a Try again that loads the whole page again: a plain link, not the router's,
// since only a new page makes every browser ask for the failed code anew; the connection
// back, it follows Try again by itself, as the shop's lists ask again. `framed` puts the
// screen in the shop's layout (the route table's pages), so the header stays to go on from;
// the bare screen is for a failure of the frame itself.
import { useEffect, useRef } from 'react';
import { createPath, isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router-dom';
import Layout from '../components/Layout';
import { ChunkLoadError } from '../chunks';
import { HOME } from '../paths';
import { PAGE_NOT_LOADED, TRY_AGAIN } from '../texts';

const TITLE = 'Unexpected Application Error';

function ErrorDetail() {
  const error = useRouteError();
  const here = createPath(useLocation());
  const notLoaded = error instanceof ChunkLoadError;
  let detail = error?.message || String(error ?? '');
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`;
  if (notLoaded) detail = PAGE_NOT_LOADED;
  const again = useRef(null);
  useEffect(() => {
    if (!notLoaded) return undefined;
    const follow = () => again.current?.click();
    window.addEventListener('online', follow);
    return () => window.removeEventListener('online', follow);
  }, [notLoaded]);
  return (
    <>
      <h1>{TITLE}</h1>
      <p>{detail}</p>
      {notLoaded ? <a href={here} className="button-link" ref={again}>{TRY_AGAIN}</a> : <Link to={HOME}>Go Back</Link>}
    </>
  );
}

export default function ErrorScreen({ framed = false }) {
  if (!framed) {
    return (
      <main className="error-screen">
        {/* the alert inside the landmark: role=alert on <main> would take its landmark away */}
        <div role="alert">
          <ErrorDetail />
        </div>
      </main>
    );
  }
  return (
    <Layout title={TITLE}>
      <div className="error-screen" role="alert">
        <ErrorDetail />
      </div>
    </Layout>
  );
}
