import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { categories } from '../test/fixtures';
import { styleOf } from '../test/cascade';

/** asksForLessMotion answers prefers-reduced-motion: reduce as matching, and no other query. */
function asksForLessMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    matches: query.includes('prefers-reduced-motion: reduce'), media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  }));
}

const slides = () => screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-roledescription') === 'slide');
const visibleSlide = () => slides().findIndex((el) => el.getAttribute('aria-hidden') === 'false');

describe('Home page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows a carousel of 3 images advancing every 5000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderRoute('/');
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
    const { user } = await renderRoute('/');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(visibleSlide()).toBe(0);
  });

  it('shows the 3 newest products as trending items: image to /shop, name to the product, price', async () => {
    await renderRoute('/');
    const section = screen.getByRole('region', { name: 'Trending Now' });
    const images = await within(section).findAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Product 1', 'Product 2', 'Product 3']);
    images.forEach((img) => expect(img.closest('a')).toHaveAttribute('href', '/shop'));
    expect(within(section).getByRole('link', { name: 'Product 2' })).toHaveAttribute('href', '/product/product-2');
    expect(within(section).getByText('₹300')).toBeInTheDocument();
  });

  it('shows 3 tiles of the real categories, each opening its category, with Explore to /shop', async () => {
    const { user, router } = await renderRoute('/');
    const section = screen.getByRole('region', { name: 'Shop by Category' });
    expect(await within(section).findByRole('link', { name: 'Jeans' })).toHaveAttribute('href', '/category/jeans');
    expect(within(section).getByRole('link', { name: 'Shirts' })).toHaveAttribute('href', '/category/shirts');
    const explore = within(section).getAllByRole('button', { name: 'Explore' });
    expect(explore).toHaveLength(3);
    await user.click(explore[1]);
    expect(router.state.location.pathname).toBe('/shop');
  });

  it('gives each category tile its category\'s name and a picture that names no other', async () => {
    await renderRoute('/');
    const section = screen.getByRole('region', { name: 'Shop by Category' });
    await within(section).findByRole('link', { name: 'Jeans' });
    const tiles = within(section).getAllByRole('listitem');
    const names = tiles.map((tile) => within(tile).getByRole('link').textContent);
    expect(names).toEqual(categories.slice(0, 3).map((c) => c.name));
    for (const tile of tiles) {
      const picture = tile.querySelector('img');
      expect(picture).toHaveAttribute('alt', '');
      // The tests run in the client's folder, whose public/ holds the art.
      const art = readFileSync(join('public', picture.getAttribute('src')), 'utf8');
      expect(art).not.toMatch(/<text|aria-label/);
    }
  });

  it('can pause the carousel and play it again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderRoute('/');
    act(() => screen.getByRole('button', { name: 'Pause slides' }).click());
    act(() => vi.advanceTimersByTime(15000));
    expect(visibleSlide()).toBe(0);
    act(() => screen.getByRole('button', { name: 'Play slides' }).click());
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe(1);
  });

  it('pauses when the keyboard\'s focus comes into the carousel, until Play', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { user } = await renderRoute('/');
    const previous = screen.getByRole('button', { name: 'Previous slide' });
    while (document.activeElement !== previous) await user.tab();
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(15000));
    expect(visibleSlide()).toBe(0);
    await user.keyboard('{Tab}{Enter}');
    expect(screen.getByRole('button', { name: 'Pause slides' })).toHaveFocus();
    await user.tab(); // to the first dot: still inside, still playing
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe(1);
  });

  // Asking the system for less motion changed nothing on the home page: the slides moved on
  // every 5 s, gliding.
  it('waits for Play before moving on, for a visitor who asks for less motion', async () => {
    asksForLessMotion();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderRoute('/');
    act(() => vi.advanceTimersByTime(15000));
    expect(visibleSlide()).toBe(0);
    act(() => screen.getByRole('button', { name: 'Play slides' }).click());
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe(1);
  });

  // The rule that stops the glide came before the one that sets it, of the same weight: the
  // later one won.
  it('slides without the glide for a visitor who asks for less motion', async () => {
    await renderRoute('/');
    const track = screen.getByRole('region', { name: 'Highlights' }).querySelector('.carousel__track');
    const site = readFileSync('src/index.css', 'utf8');
    expect(styleOf([site]).value(track, 'transition')).toMatch(/^transform/);
    expect(styleOf([site], { reducedMotion: true }).value(track, 'transition')).toBe('none');
  });
});
