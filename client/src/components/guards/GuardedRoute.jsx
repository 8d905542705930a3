// Shared body of the two guards: with a token, ask the server check of `area` (user or admin);
// render the nested routes once it answers ok, otherwise the countdown that leads to
// `redirectTo`.
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../../context/auth';
import { sessionCheckQuery } from '../../api/auth';
import RedirectCountdown from './RedirectCountdown';

export default function GuardedRoute({ area, redirectTo }) {
  const [auth] = useAuth();
  const { data: ok } = useQuery(sessionCheckQuery(area, auth.token));
  return auth.token && ok ? <Outlet /> : <RedirectCountdown to={redirectTo} />;
}
