// Guard of /dashboard/admin/*: the admin-auth check; otherwise back to / after the countdown.
import { checkAdmin } from '../../api/auth';
import { HOME } from '../../paths';
import GuardedRoute from './GuardedRoute';

export default function AdminRoute() {
  return <GuardedRoute check={checkAdmin} redirectTo={HOME} />;
}
