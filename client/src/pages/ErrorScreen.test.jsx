import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import ErrorScreen from './ErrorScreen';

function Broken() {
  throw new Error('The frame failed');
}

describe('ErrorScreen without the frame', () => {
  it('keeps the main landmark and alerts inside it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unexpected Application Error');
    expect(alert).toHaveTextContent('The frame failed');
    expect(screen.getByRole('main')).toContainElement(alert);
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
  });
});
