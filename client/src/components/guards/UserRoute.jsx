// Guard of /dashboard/user/*: the user-auth check; otherwise back to /login after the countdown.
import { LOGIN } from '../../paths';
import GuardedRoute from './GuardedRoute';

export default function UserRoute() {
  return <GuardedRoute area="user" redirectTo={LOGIN} />;
}
