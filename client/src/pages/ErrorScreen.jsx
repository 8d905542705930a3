// Generic fallback screen of the route table: Unexpected Application Error with the status
// or message of what went wrong.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { HOME } from '../paths';

export default function ErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error?.message || String(error ?? '');
  return (
    <main className="error-screen" role="alert">
      <h1>Unexpected Application Error</h1>
      <p>{detail}</p>
      <Link to={HOME}>Go Back</Link>
    </main>
  );
}
