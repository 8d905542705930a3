// How a list that failed to load reads to a person: its toasts (react-hot-toast shows each as
// a status) and its error state (an alert), with or without a Try again button. `toast` is the
// one toast the failure shows: the server's message by default, null on a screen whose
// failures are only logged.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * toastTexts lists the texts of the toasts on screen: the only statuses of the shop (a page's
 * own live lines, a result count or a loading line, are no statuses).
 */
export const toastTexts = () => screen.queryAllByRole('status').map((el) => el.textContent);

/**
 * failedList waits for a list's error state, the alert that says what could not be loaded
 * (not a page's other alerts); `retry` is its Try again button, or null.
 */
export async function failedList() {
  const alert = (await screen.findByText(/^We could not load /)).closest('[role="alert"]');
  return { alert, retry: within(alert).queryByRole('button', { name: 'Try again' }) };
}

const toasts = (toast) => (toast === null ? [] : [toast]);

/** refusedOnce checks a refusal (4xx) reads as its message, once as a toast and in the list,
 * with no Try again: asking again cannot help. */
export async function refusedOnce(message, { toast = message } = {}) {
  const { alert, retry } = await failedList();
  expect(alert).toHaveTextContent(message);
  expect(alert).not.toHaveTextContent('Check your connection');
  expect(retry).toBeNull();
  await waitFor(() => expect(toastTexts()).toEqual(toasts(toast)));
}

/** retryOffered checks a server error offers Try again, with its message as the toast and not
 * in the list, which asks to check the connection. */
export async function retryOffered(message, { toast = message } = {}) {
  const { alert, retry } = await failedList();
  expect(retry).toBeInTheDocument();
  expect(alert).not.toHaveTextContent(message);
  await waitFor(() => expect(toastTexts()).toEqual(toasts(toast)));
}
