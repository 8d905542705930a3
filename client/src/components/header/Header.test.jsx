import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { held, server, url } from '../../test/server';
import { admin, categories, makeProduct, products, signedIn, user } from '../../test/fixtures';
import { toastTexts } from '../../test/list-failure';
import initials, { avatarStyle } from '../../initials';

describe('Header', () => {
  it('has the brand, a 300x40 search box and the main links', async () => {
    await renderRoute('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Clothing Shop' })).toHaveAttribute('href', '/');
    const search = within(nav).getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Search');
    expect(search).toHaveStyle({ width: '300px', height: '40px' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/shop');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: /cart/i })).toHaveAttribute('href', '/cart');
  });

  it('lists every category in the Categories dropdown as /category/{slug}', async () => {
    const { user: person } = await renderRoute('/about');
    await person.click(screen.getByRole('button', { name: 'Categories' }));
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(await within(list).findByRole('link', { name: 'Shirts' })).toHaveAttribute('href', '/category/shirts');
    expect(within(list).getByRole('link', { name: 'Jeans' })).toHaveAttribute('href', '/category/jeans');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
  });

  it('says Loading… in the Categories dropdown until the categories are in', async () => {
    const answer = held(() => HttpResponse.json({ success: true, category: categories }));
    server.use(http.get(url('category/get-category'), answer.handler));
    const { user: person } = await renderRoute('/about');
    await person.click(screen.getByRole('button', { name: 'Categories' }));
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(within(list).getByText('Loading…')).toBeInTheDocument();
    answer.release();
    expect(await within(list).findByRole('link', { name: 'Shirts' })).toBeInTheDocument();
    expect(within(list).queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('asks for the categories again, silently, when the dropdown is opened after a failed load', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    let asked = 0;
    server.use(http.get(url('category/get-category'), () => {
      asked += 1;
      return asked === 1
        ? HttpResponse.json({ success: false, message: 'Store unavailable' }, { status: 500 })
        : HttpResponse.json({ success: true, category: categories });
    }));
    const { user: person } = await renderRoute('/about');
    await waitFor(() => expect(log).toHaveBeenCalled());
    await person.click(screen.getByRole('button', { name: 'Categories' }));
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(await within(list).findByRole('link', { name: 'Shirts' })).toHaveAttribute('href', '/category/shirts');
    expect(asked).toBe(2);
    expect(toastTexts()).toEqual([]);
  });

  it('shows the number of cart items on the badge', async () => {
    await renderRoute('/about', { cart: [products[0], products[0], products[1]] });
    const cart = screen.getByRole('link', { name: /cart/i });
    expect(within(cart).getByText('3')).toBeInTheDocument();
  });

  it('shows a Login link when signed out', async () => {
    await renderRoute('/about');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the avatar menu with initials, name, email and the user dashboard', async () => {
    const { user: person } = await renderRoute('/about', { auth: signedIn(user) });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByText('AKL')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: /account menu/i }));
    expect(screen.getByText(user.name)).toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/user');
  });

  it('shows every initial of a long name at 12 px, the avatar widened into a pill', async () => {
    const { user: person } = await renderRoute('/about', { auth: signedIn({ ...user, name: 'Mary Ann Lee Smith' }) });
    const avatar = screen.getByText('MALS');
    expect(avatar).toHaveClass('account-menu__avatar');
    expect(avatar).toHaveClass('account-menu__avatar--pill');
    expect(avatar).toHaveStyle({ fontSize: '12px' });
    await person.click(screen.getByRole('button', { name: /account menu/i }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  // The phone's menu (#site-menu) is hidden until its button is tapped: SPEC's search box and
  // Login link (or the avatar) sit outside it, so they are in view on every screen.
  it('keeps the search box, the Login link and the cart outside the phone menu', async () => {
    await renderRoute('/about');
    const menu = document.getElementById('site-menu');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-controls', 'site-menu');
    expect(menu).toContainElement(screen.getByRole('link', { name: 'Products' }));
    expect(menu).toContainElement(screen.getByRole('button', { name: 'Categories' }));
    for (const always of [screen.getByRole('searchbox', { name: 'Search' }), screen.getByRole('button', { name: 'Search' }),
      screen.getByRole('link', { name: 'Login' }), screen.getByRole('link', { name: /cart/i })]) {
      expect(menu).not.toContainElement(always);
    }
    // No button has to be tapped to reach the search box any more.
    expect(screen.queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
  });

  it('keeps the avatar menu outside the phone menu', async () => {
    await renderRoute('/about', { auth: signedIn(user) });
    expect(document.getElementById('site-menu')).not.toContainElement(screen.getByRole('button', { name: /account menu/i }));
  });

  it('opens and closes the phone menu with its button and Escape', async () => {
    const { user: person } = await renderRoute('/about');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await person.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await person.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes focus into the phone menu as it opens, and back to its button on Escape', async () => {
    const { user: person } = await renderRoute('/about');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await person.click(toggle);
    expect(within(document.getElementById('site-menu')).getByRole('link', { name: 'Products' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the Categories dropdown inside the phone menu on one Escape, and the menu on the next', async () => {
    const { user: person } = await renderRoute('/about');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await person.click(toggle);
    const categories = within(document.getElementById('site-menu')).getByRole('button', { name: 'Categories' });
    await person.click(categories);
    await person.keyboard('{Escape}');
    expect(categories).toHaveAttribute('aria-expanded', 'false');
    expect(categories).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await person.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('gives focus back to the Categories button on Escape, and closes the dropdown when Tab leaves it', async () => {
    const { user: person } = await renderRoute('/about');
    const button = screen.getByRole('button', { name: 'Categories' });
    await person.click(button);
    const list = screen.getByRole('list', { name: 'Categories' });
    (await within(list).findByRole('link', { name: 'Shirts' })).focus();
    await person.keyboard('{Escape}');
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await person.click(button);
    const links = within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('link');
    links.at(-1).focus();
    await person.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('closes the phone menu when Products is tapped on the list it already shows', async () => {
    server.use(http.get('*/api/v1/product/browse', () =>
      HttpResponse.json({ success: true, total: 0, page: 1, limit: 12, products: [],
        facets: { category: [], size: [], colour: [], price: { min: 0, max: 0 } } })));
    const { user: person, router } = await renderRoute('/shop?page=3');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await person.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await person.click(screen.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('header')).not.toHaveAttribute('data-open');
    // and on the very address the menu was opened at
    await person.click(toggle);
    await person.click(screen.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(router.state.location.pathname).toBe('/shop');
  });

  it('sends an admin (role 1) to the admin dashboard', async () => {
    const { user: person } = await renderRoute('/about', { auth: signedIn(admin) });
    expect(screen.getByText('GH')).toHaveStyle({ fontSize: '14px' });
    await person.click(screen.getByRole('button', { name: /account menu/i }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin');
  });

  it('logs out: clears the session, stored auth and checkout under way, toasts and goes to /login', async () => {
    localStorage.setItem('checkout', JSON.stringify({ checkout: '["u1",[["p1",null]]]', key: 'k-1' }));
    const { user: person, router } = await renderRoute('/about', { auth: signedIn(user) });
    await person.click(screen.getByRole('button', { name: /account menu/i }));
    await person.click(screen.getByRole('link', { name: 'Logout' }));
    expect(await screen.findByText('LOG-OUT SUCCESSFULLY')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('checkout')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('submits a search, stores the results and opens /search', async () => {
    let asked = null;
    server.use(http.get(url('product/search/:keyword'), ({ params }) => {
      asked = params.keyword;
      return HttpResponse.json([makeProduct(1), makeProduct(2)]);
    }));
    const { user: person, router } = await renderRoute('/about');
    await person.type(screen.getByRole('searchbox', { name: 'Search' }), 'shirt');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Found 2 product(s)')).toBeInTheDocument();
    expect(asked).toBe('shirt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(screen.getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/product/product-1');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('shirt');
  });

  it('shows a search under way: its button is busy until the answer comes', async () => {
    const answer = held(() => HttpResponse.json([makeProduct(1)]));
    server.use(http.get(url('product/search/:keyword'), answer.handler));
    const { user: person } = await renderRoute('/about');
    await person.type(screen.getByRole('searchbox', { name: 'Search' }), 'shirt');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'true');
    answer.release();
    expect(await screen.findByText('Found 1 product(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('shows No Products Found for an empty answer', async () => {
    server.use(http.get(url('product/search/:keyword'), () => HttpResponse.json([])));
    const { user: person } = await renderRoute('/about');
    await person.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz{Enter}');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
  });

  it('stays put when the search fails, logging only', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    let called = false;
    server.use(http.get(url('product/search/:keyword'), () => {
      called = true;
      return HttpResponse.json({ success: false, message: 'too long' }, { status: 400 });
    }));
    const { user: person, router } = await renderRoute('/about');
    await person.type(screen.getByRole('searchbox', { name: 'Search' }), 'x{Enter}');
    await waitFor(() => expect(called).toBe(true));
    await waitFor(() => expect(log).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('initials', () => {
  it('takes the first letter of each word, upper-cased', () => {
    expect(initials('ada king lovelace')).toBe('AKL');
    expect(initials('  Grace   hopper ')).toBe('GH');
    expect(initials('')).toBe('');
  });

  it('keeps up to four initials at 12 px or more: three in the 32 px circle, four in a pill', () => {
    expect(avatarStyle(1)).toEqual({ fontSize: 14, pill: false });
    expect(avatarStyle(2)).toEqual({ fontSize: 14, pill: false });
    expect(avatarStyle(3)).toEqual({ fontSize: 12, pill: false });
    expect(avatarStyle(4)).toEqual({ fontSize: 12, pill: true });
    // More would push the brand out of a landscape phone's header: the pill stays, the letters shrink.
    for (const letters of [5, 7]) {
      const { fontSize, pill } = avatarStyle(letters);
      expect(pill).toBe(true);
      expect(letters * 0.78 * fontSize).toBeLessThanOrEqual(Math.ceil(4 * 0.78 * 12));
    }
  });
});
