// Guard of /dashboard/admin/*: the admin-auth check; otherwise back to / after the countdown.
import { HOME } from '../../paths';
import GuardedRoute from './GuardedRoute';

export default function AdminRoute() {
  return <GuardedRoute area="admin" redirectTo={HOME} />;
}
