// The guards' waiting screen: "redirecting to you in N second", counting down from 3, then
// navigating to `to` with the original path as state.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Layout from '../Layout';
import { COUNTDOWN_SECONDS } from '../../rules';

export default function RedirectCountdown({ to }) {
  const [count, setCount] = useState(COUNTDOWN_SECONDS);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (count <= 0) {
      navigate(to, { state: location.pathname });
      return undefined;
    }
    const timer = setTimeout(() => setCount((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [count, navigate, to, location.pathname]);

  return (
    <Layout title="Redirecting">
      <div className="countdown" aria-live="polite" aria-atomic="true">
        <h1>redirecting to you in {count} second</h1>
        <span className="spinner" aria-hidden="true" />
      </div>
    </Layout>
  );
}
