// What a browser does with the keyboard's focus and jsdom does not.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * focusDroppedAsDisabled waits for the focused `control` to be disabled (a call under way),
 * then does what a browser does then: takes the keyboard's focus off it, to the page. jsdom
 * leaves it on the disabled control (where a test could not tell it was lost), and will not
 * blur it: the page takes it for a moment instead.
 */
export async function focusDroppedAsDisabled(control) {
  await waitFor(() => expect(control).toBeDisabled());
  document.body.tabIndex = -1;
  document.body.focus();
  document.body.removeAttribute('tabindex');
  expect(control).not.toHaveFocus();
}
