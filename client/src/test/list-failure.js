// How a list that failed to load reads to a person: its toasts (react-hot-toast shows each as
// a status) and its error state (an alert), with or without a Try again button.
import { screen, within } from '@testing-library/react';

/** toastTexts lists the texts of the toasts on screen. */
export const toastTexts = () => screen.queryAllByRole('status').map((el) => el.textContent);

/** failedList waits for a list's error state; `retry` is its Try again button, or null. */
export async function failedList() {
  const alert = await screen.findByRole('alert');
  return { alert, retry: within(alert).queryByRole('button', { name: 'Try again' }) };
}
