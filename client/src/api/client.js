// The one axios instance of the client. Every call goes through `api`; components use the
// query options and calls of src/api/*.js, never axios itself.
// - baseURL: VITE_API_URL (empty = same origin, the dev server proxies /api).
// - no timeout; success is 2xx (axios' default).
// - Authorization: the raw token (no Bearer prefix), read at request time from the getter the
//   AuthProvider registers with setTokenSource.
// - The page's first call may already be on its way, started by index.html (api/first-call.js).
// - Answers: a call resolves to the answer's body (or the whole response with `{ raw: true }`,
//   for headers such as X-Total-Count); any failure, a 2xx carrying success false or an
//   `error` text included, rejects with one ApiError.
// - A 401 to a call that carried the token means the server no longer accepts the session
//   (password changed elsewhere, expired, forged): the handler the AuthProvider registers with
//   setSessionRefusedHandler signs out. Calls that send credentials (`{ signIn: true }`: login,
//   password reset) answer 401 about those credentials, not the session, and sign nobody out.
import axios from 'axios';
import { ApiError } from './errors';
import { firstCallAdapter } from './first-call';

export const API_URL = import.meta.env.VITE_API_URL || '';

export const api = axios.create({ baseURL: API_URL });

let tokenSource = () => '';
let sessionRefused = () => {};

/** setTokenSource registers the function that returns the current session token. */
export function setTokenSource(getToken) {
  tokenSource = getToken;
}

/** setSessionRefusedHandler registers onRefused(token), told when the server refuses `token`. */
export function setSessionRefusedHandler(onRefused) {
  sessionRefused = onRefused;
}

api.interceptors.request.use((config) => {
  const token = tokenSource();
  if (token) config.headers.Authorization = token;
  const early = config.method === 'get' && firstCallAdapter(api.getUri(config));
  if (early) config.adapter = early;
  return config;
});

api.interceptors.response.use(
  (response) => {
    const body = response.data;
    if (body && typeof body === 'object' && (body.success === false || typeof body.error === 'string')) {
      throw new ApiError({ status: response.status, body });
    }
    return response.config.raw ? response : body;
  },
  (error) => {
    const status = error.response?.status ?? 0;
    const token = error.config?.headers?.Authorization;
    if (status === 401 && token && !error.config.signIn) sessionRefused(token);
    throw new ApiError({ status, body: error.response?.data, cause: error });
  },
);
