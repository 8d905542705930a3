import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { signedIn, user } from '../test/fixtures';

describe('App frame', () => {
  it('draws toasts inside a live region that is on the page before any toast', async () => {
    const { user: person } = await renderRoute('/about', { auth: signedIn(user) });
    const region = document.querySelector('.toasts[aria-live="polite"]');
    expect(region).toBeInTheDocument();
    expect(region).toHaveTextContent('');
    await person.click(screen.getByRole('button', { name: /Account menu of/ }));
    await person.click(screen.getByRole('link', { name: 'Logout' }));
    expect(await screen.findByText('LOG-OUT SUCCESSFULLY')).toBeInTheDocument();
    expect(region).toContainElement(screen.getByText('LOG-OUT SUCCESSFULLY'));
    expect(document.querySelector('.toasts[aria-live="polite"]')).toBe(region);
  });
});
