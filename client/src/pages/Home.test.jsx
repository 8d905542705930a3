import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderRoute } from '../test/render';

const slides = () => screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-roledescription') === 'slide');
const visibleSlide = () => slides().findIndex((el) => el.getAttribute('aria-hidden') === 'false');

describe('Home page', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a carousel of 3 images advancing every 5000 ms', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderRoute('/');
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    expect(carousel.querySelectorAll('img[alt]')).toHaveLength(3);
    expect(visibleSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(visibleSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(10000));
    expect(visibleSlide()).toBe(0);
  });

  it('moves between slides with the buttons', async () => {
    const { user } = renderRoute('/');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(visibleSlide()).toBe(0);
  });

  it('shows 3 featured items linking to /shop', () => {
    renderRoute('/');
    const section = screen.getByRole('region', { name: 'Trending Now' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(3);
    links.forEach((link) => expect(link).toHaveAttribute('href', '/shop'));
    expect(within(section).getAllByRole('img')).toHaveLength(3);
  });

  it('shows 3 category tiles whose Explore buttons open /shop', async () => {
    const { user, router } = renderRoute('/');
    const section = screen.getByRole('region', { name: 'Shop by Category' });
    const explore = within(section).getAllByRole('button', { name: 'Explore' });
    expect(explore).toHaveLength(3);
    await user.click(explore[1]);
    expect(router.state.location.pathname).toBe('/shop');
  });
});
