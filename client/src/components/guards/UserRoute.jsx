// Guard of /dashboard/user/*: the user-auth check; otherwise back to /login after the countdown.
import { checkUser } from '../../api/auth';
import { LOGIN } from '../../paths';
import GuardedRoute from './GuardedRoute';

export default function UserRoute() {
  return <GuardedRoute check={checkUser} redirectTo={LOGIN} />;
}
