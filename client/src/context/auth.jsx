// Session state: useAuth() returns [auth, setAuth] with auth = {user, token}.
// The stored `auth` entry is read on first render; setAuth saves it, and removes it when
// the user is cleared (logout). The token is handed to the API client at request time.
// When the server refuses the token (a 401 to a call that carried it), the session ends as
// Logout ends it, without its toast: the header and every screen show the signed-out state,
// unless the browser's stored session holds another token (a newer sign-in of another tab),
// which this tab then takes up. Every tab follows the stored session as another tab changes
// it: a Logout, or a sign-in as someone else, holds in every open tab at once.
import { createContext, useCallback, useContext, useLayoutEffect, useRef, useState } from 'react';
import { setSessionRefusedHandler, setTokenSource } from '../api/client';
import { AUTH_KEY, forgetCheckoutKey, readJSON } from '../storage-keys';
import useOtherTabs from '../hooks/useOtherTabs';

const empty = { user: null, token: '' };

/** signedOut is the session after Logout: setAuth(signedOut) ends this browser's session. */
export const signedOut = empty;
const AuthContext = createContext([empty, () => {}]);

function loadAuth() {
  const stored = readJSON(AUTH_KEY, null);
  if (!stored || typeof stored !== 'object') return empty;
  return { ...empty, user: stored.user ?? null, token: stored.token ?? '' };
}

function saveAuth(auth) {
  if (auth.user) {
    localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
    return;
  }
  localStorage.removeItem(AUTH_KEY);
  forgetCheckoutKey(); // a signed-out browser keeps nothing of the shopper's checkout
}

export function AuthProvider({ children }) {
  const [auth, setState] = useState(loadAuth);
  const current = useRef(auth);
  current.current = auth;

  // Registered before children's effects run, so their first calls carry the token.
  useLayoutEffect(() => setTokenSource(() => current.current.token), []);

  const setAuth = useCallback((next) => {
    const value = typeof next === 'function' ? next(current.current) : next;
    const auth = { ...empty, ...value };
    current.current = auth;
    saveAuth(auth);
    setState(auth);
  }, []);

  // Only the session that sent the refused token ends: a late answer to a call made before a
  // new sign-in leaves the new session alone. The stored session may be newer than this tab's
  // (another tab signed in again or changed the password): then this tab takes it up, and the
  // stored entry, which the server may well accept, stays.
  useLayoutEffect(
    () =>
      setSessionRefusedHandler((token) => {
        if (current.current.token !== token) return;
        const stored = loadAuth();
        if (!stored.user || !stored.token || stored.token === token) {
          setAuth(empty);
          return;
        }
        current.current = stored;
        setState(stored);
      }),
    [setAuth],
  );

  useOtherTabs(AUTH_KEY, useCallback(() => {
    const stored = loadAuth();
    current.current = stored;
    setState(stored);
  }, []));

  return <AuthContext.Provider value={[auth, setAuth]}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
