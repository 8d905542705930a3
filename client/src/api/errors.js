// The one error type of every failed call, and the one place that turns failures into toasts.
import toast from 'react-hot-toast';

const text = (value) => (typeof value === 'string' ? value : '');

/**
 * ApiError is a failed call: `status` is the HTTP status (0 when the server was not reached),
 * `body` the answer's body when there was one, `serverMessage` what the server said (its
 * `error` text, else its `message`; empty when it said nothing).
 */
export class ApiError extends Error {
  constructor({ status, body, cause }) {
    const serverMessage = text(body?.error) || text(body?.message);
    super(serverMessage || cause?.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

/** errorMessage returns the server's `message` when the failed answer carries one, else fallback. */
export function errorMessage(error, fallback) {
  return error?.serverMessage || fallback;
}

/**
 * isRefused tells whether the server understood a call and refused it: a 4xx answer other
 * than 408 (timeout) and 429 (too many calls). Asking again the same way is refused again.
 */
export const isRefused = (error) =>
  error?.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * explainedOnScreen marks a failure its screen has explained in its own words (a notice on a
 * form saying what to do next), and answers it: reportError then only logs it, where a toast
 * in the server's words would say it again, and differently.
 */
export function explainedOnScreen(error) {
  if (error && typeof error === 'object') error.explainedOnScreen = true;
  return error;
}

/**
 * reportError is how every failed call reaches the shopper: with a fixed text (the `errorText`
 * of a query's or mutation's meta) it shows the server's message or that text as an error
 * toast; without one the failure is silent on screen and only logged. `shownOnScreen` lists
 * the statuses the screen itself explains (a page that says "not found"), which a toast
 * would only repeat, as does a failure marked explainedOnScreen.
 *
 * The toast's id is its text: the same failure again (a button pressed three times over)
 * replaces the toast showing, with its time restarted, rather than stack copies of it down
 * the page over the form.
 */
export function reportError(error, errorText, shownOnScreen = []) {
  if (errorText && !error?.explainedOnScreen && !shownOnScreen.includes(error?.status)) {
    const message = errorMessage(error, errorText);
    toast.error(message, { id: `error:${message}` });
  } else console.log(error);
}

/**
 * goneIsDone answers the promise of a delete with a 404 counted as done: what it deletes is
 * not there, deleted by an earlier try whose answer was lost, or by another admin meanwhile.
 * Any other failure is thrown on.
 */
export const goneIsDone = (deleting) =>
  deleting.catch((error) => {
    if (error?.status === 404) return undefined;
    throw error;
  });
