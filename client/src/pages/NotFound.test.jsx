import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderRoute } from '../test/render';
import ErrorScreen from './ErrorScreen';

describe('Not-found page', () => {
  it('shows Page Not Found with a Go Back link to /', async () => {
    const { user, router } = await renderRoute('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/');
  });

  // The server answers 404 for these (page addresses are lower-case): the page agrees.
  it.each(['/Shop', '/ABOUT', '/Dashboard/User', '/dashboard/Admin/orders'])('shows Page Not Found for %s', async (path) => {
    await renderRoute(path);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('Generic error screen', () => {
  function Boom() {
    throw new Error('Kaboom');
  }

  it('reads Unexpected Application Error with the message', () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorScreen /> }]);
    const quiet = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
    expect(screen.getByText('Kaboom')).toBeInTheDocument();
  });

  it('shows the status of an error answer', async () => {
    const router = createMemoryRouter([{
      path: '/',
      loader: () => { throw new Response('Gone', { status: 410, statusText: 'Gone' }); },
      element: <p>never</p>,
      HydrateFallback: () => null,
      errorElement: <ErrorScreen />,
    }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('410 Gone')).toBeInTheDocument();
  });
});
