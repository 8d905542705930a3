// The one axios instance of the client. Every call goes through `api`; components use the
// small functions of src/api/*.js, never axios itself.
// - baseURL: VITE_API_URL (empty = same origin, the dev server proxies /api).
// - no timeout (SPEC §9); success is 2xx (axios' default).
// - Authorization: the raw token (no Bearer prefix), read at request time from the getter the
//   AuthProvider registers with setTokenSource.
import axios from 'axios';

export const API_URL = import.meta.env.VITE_API_URL || '';

export const api = axios.create({ baseURL: API_URL });

let tokenSource = () => '';

/** setTokenSource registers the function that returns the current session token. */
export function setTokenSource(getToken) {
  tokenSource = getToken;
}

api.interceptors.request.use((config) => {
  const token = tokenSource();
  if (token) config.headers.Authorization = token;
  return config;
});

/** errorMessage returns the server's `message` when the failed answer carries one, else fallback. */
export function errorMessage(error, fallback) {
  const message = error?.response?.data?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * photoUrl is the address of a product's photo on the API host. Photos are cached for a day
 * under their URL, so the product's updatedAt goes along as a version: a replaced photo gets
 * a new URL and shows at once.
 */
export const photoUrl = (product) => {
  const url = `${API_URL}/api/v1/product/product-photo/${product._id}`;
  return product.updatedAt ? `${url}?v=${encodeURIComponent(product.updatedAt)}` : url;
};

/**
 * checked passes a successful answer's body on and turns a 2xx answer carrying success false
 * into a failure, so callers show its message like any other failed call.
 */
export function checked(response) {
  if (response.data?.success === false) {
    const error = new Error(response.data.message || 'Request failed');
    error.response = response;
    throw error;
  }
  return response.data;
}
