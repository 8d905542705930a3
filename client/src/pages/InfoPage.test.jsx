import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { signedIn, user } from '../test/fixtures';
import { wholeText } from '../test/text';

describe('About, Contact and Policy page', () => {
  it('About shows the 6 feature labels', async () => {
    await renderRoute('/about');
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    for (const label of ['Easy Access', 'Free Shipping', 'More Savings', 'Fast Delivery', 'Customer Care', '24/7 Support']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });

  it('Contact welcomes User when signed out and shows hours and a map', async () => {
    await renderRoute('/contact');
    expect(screen.getByText(wholeText(/Welcome, User!/))).toBeInTheDocument();
    expect(screen.getByText(/Monday-Friday 9:00 AM - 5:00 PM/)).toBeInTheDocument();
    expect(screen.getByTitle('Map of our store')).toBeInTheDocument();
    expect(screen.getByText(/Phone:/)).toBeInTheDocument();
  });

  it('Contact welcomes the signed-in user by name', async () => {
    await renderRoute('/contact', { auth: signedIn(user) });
    expect(screen.getByText(wholeText(`Welcome, ${user.name}! We are happy to help.`))).toBeInTheDocument();
  });

  it('Policy shows placeholder text', async () => {
    await renderRoute('/policy');
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('add privacy policy')).toBeInTheDocument();
  });
});
