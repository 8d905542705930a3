// Any unknown path: Page Not Found with a Go Back link to /.
import { Link } from 'react-router-dom';
import Layout from '../components/Layout';
import { HOME } from '../paths';

export default function NotFound() {
  return (
    <Layout title="Go back - Page not found">
      <div className="not-found">
        <p className="not-found__code" aria-hidden="true">404</p>
        <h1>Page Not Found</h1>
        <Link to={HOME} className="button-link">Go Back</Link>
      </div>
    </Layout>
  );
}
