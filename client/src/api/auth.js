// Account calls: sign in, sign up, password reset and the guards' checks.
import { api } from './client';

const base = '/api/v1/auth';

export const login = (email, password) =>
  api.post(`${base}/login`, { email, password }).then((r) => r.data);

export const register = (form) => api.post(`${base}/register`, form).then((r) => r.data);

export const forgotPassword = (email, newpassword, answer) =>
  api.post(`${base}/forgot-password`, { email, newpassword, answer }).then((r) => r.data);

/** checkUser and checkAdmin answer true when the server accepts the session. */
export const checkUser = () => api.get(`${base}/user-auth`).then((r) => r.data?.ok === true);
export const checkAdmin = () => api.get(`${base}/admin-auth`).then((r) => r.data?.ok === true);
