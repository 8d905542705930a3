// How a list that failed to load reads to a person: its toasts (react-hot-toast shows each as
// a status) and its error state (an alert), with or without a Try again button.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** toastTexts lists the texts of the toasts on screen. */
export const toastTexts = () => screen.queryAllByRole('status').map((el) => el.textContent);

/** failedList waits for a list's error state; `retry` is its Try again button, or null. */
export async function failedList() {
  const alert = await screen.findByRole('alert');
  return { alert, retry: within(alert).queryByRole('button', { name: 'Try again' }) };
}

/** refusedOnce checks a refusal (4xx) reads as its message, once as a toast and in the list,
 * with no Try again: asking again cannot help. */
export async function refusedOnce(message) {
  const { alert, retry } = await failedList();
  expect(alert).toHaveTextContent(message);
  expect(alert).not.toHaveTextContent('Check your connection');
  expect(retry).toBeNull();
  await waitFor(() => expect(toastTexts()).toEqual([message]));
}

/** retryOffered checks a server error offers Try again, with its message as the toast. */
export async function retryOffered(message) {
  const { retry } = await failedList();
  expect(retry).toBeInTheDocument();
  await waitFor(() => expect(toastTexts()).toEqual([message]));
}
