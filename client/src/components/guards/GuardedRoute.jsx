// Shared body of the two guards: with a token, ask the server check; render the nested
// routes once it answers ok, otherwise the countdown that leads to `redirectTo`.
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../../context/auth';
import RedirectCountdown from './RedirectCountdown';

export default function GuardedRoute({ check, redirectTo }) {
  const [auth] = useAuth();
  const [ok, setOk] = useState(false);

  useEffect(() => {
    if (!auth.token) {
      setOk(false);
      return undefined;
    }
    let live = true;
    check()
      .then((answer) => live && setOk(answer))
      .catch(() => live && setOk(false));
    return () => {
      live = false;
    };
  }, [auth.token, check]);

  return ok ? <Outlet /> : <RedirectCountdown to={redirectTo} />;
}
