// renderRoute(path, {auth, cart, state}) renders (path may carry a ?query) the whole app at `path` the way a person
// opens it: localStorage is seeded with `auth` and `cart` first, a memory router is built
// from the real route table, all providers wrap it. It returns Testing Library's result plus
// `router` (assert router.state.location) and `user` (a userEvent instance). It resolves once
// the page is on screen: the pages a visitor rarely opens first are loaded lazily.
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router-dom';
import AppProviders from '../providers';
import { routes } from '../routes';
import { AUTH_KEY, CART_KEY } from '../storage-keys';

// antd's generated styles go to a detached node: jsdom then skips them in getComputedStyle,
// which user-event calls on every click (tests assert inline styles, never antd's).
const antdStyles = document.createElement('div');

export async function renderRoute(path, { auth, cart, state } = {}) {
  if (auth) localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  if (cart) localStorage.setItem(CART_KEY, JSON.stringify(cart));
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const user = userEvent.setup();
  const result = render(
    <StyleProvider container={antdStyles}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  await waitFor(() => {
    if (!router.state.initialized || !result.container.hasChildNodes()) {
      throw new Error(`the page at ${path} is still loading`);
    }
  });
  return { ...result, router, user };
}
