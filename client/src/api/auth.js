// Account calls: sign in, sign up, password reset (by the answer or an emailed link) and the
// guards' checks.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

const base = '/api/v1/auth';

// A 401 to these calls refuses the email, password, answer or link sent, not the session.
const signIn = { signIn: true };

export const login = (email, password) => api.post(`${base}/login`, { email, password }, signIn);

export const register = (form) => api.post(`${base}/register`, form);

export const forgotPassword = (email, newpassword, answer) =>
  api.post(`${base}/forgot-password`, { email, newpassword, answer }, signIn);

/** requestResetLink asks for a reset link by email; the answer is the same for every email. */
export const requestResetLink = (email) => api.post(`${base}/reset-link`, { email });

/** resetPassword sets a new password with the token of an emailed reset link. */
export const resetPassword = (token, newpassword) =>
  api.post(`${base}/reset-password`, { token, newpassword }, signIn);

// A refusal (401, 403) is an answer, not a failure: the session may not open that area.
const refusedIsNo = (error) => {
  if (error.status === 401 || error.status === 403) return false;
  throw error;
};

/** checkUser and checkAdmin answer true when the server accepts the session, false when it refuses. */
export const checkUser = () => api.get(`${base}/user-auth`).then((d) => d?.ok === true, refusedIsNo);
export const checkAdmin = () => api.get(`${base}/admin-auth`).then((d) => d?.ok === true, refusedIsNo);

/**
 * sessionCheckQuery asks the server whether `token` may open the user (or admin) area. It is
 * asked afresh on every visit (a demoted admin or a changed password counts at once); a
 * refusal or failure is silent: the guard shows its countdown (a 401 also signs out, see
 * client.js). While a new token (after a password change)
 * is being checked, the previous token's answer stands, so the page does not flicker.
 */
export const sessionCheckQuery = (area, token) =>
  queryOptions({
    queryKey: ['session', area, token],
    queryFn: area === 'admin' ? checkAdmin : checkUser,
    enabled: Boolean(token),
    staleTime: 0,
    gcTime: 0,
    placeholderData: (previous) => previous,
  });
