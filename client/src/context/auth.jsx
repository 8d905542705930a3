// Session state: useAuth() returns [auth, setAuth] with auth = {user, token}.
// The stored `auth` entry is read on first render; setAuth saves it, and removes it when
// the user is cleared (logout). The token is handed to the API client at request time.
import { createContext, useCallback, useContext, useLayoutEffect, useRef, useState } from 'react';
import { setTokenSource } from '../api/client';
import { AUTH_KEY, readJSON } from '../storage-keys';

const empty = { user: null, token: '' };
const AuthContext = createContext([empty, () => {}]);

function loadAuth() {
  const stored = readJSON(AUTH_KEY, null);
  if (!stored || typeof stored !== 'object') return empty;
  return { ...empty, user: stored.user ?? null, token: stored.token ?? '' };
}

function saveAuth(auth) {
  if (auth.user) localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  else localStorage.removeItem(AUTH_KEY);
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

  return <AuthContext.Provider value={[auth, setAuth]}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
