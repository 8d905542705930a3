// Top navigation bar: brand, search box, links, Categories dropdown, cart badge and the Login
// link or the avatar menu. On a phone (and on a short or touch screen below 1024 px) it is
// compact: the brand, the Login link or avatar, the cart and a menu button in one row, the
// search box always in view (beside them, or in a row of its own on a narrow phone), and the
// other links in the menu. Its height is the page's --header-h: what it covers of the page
// below it (see index.css: a focused field scrolls clear of it, and toasts show under it).
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ABOUT, CONTACT, HOME, LOGIN, SHOP } from '../../paths';
import { useAuth } from '../../context/auth';
import { BRAND } from '../../texts';
import Icon from '../Icon';
import SearchInput from './SearchInput';
import CategoriesMenu from './CategoriesMenu';
import CartLink from './CartLink';
import AccountMenu from './AccountMenu';

export default function Header() {
  const [auth] = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false); // the compact header's menu
  const header = useRef(null);
  const menu = useRef(null);
  const menuToggle = useRef(null);

  useEffect(() => {
    const el = header.current;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--header-h', `${el.offsetHeight}px`);
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, []);

  // Any navigation closes the menu: a new page, and also the same page at another address
  // (Products tapped on /shop?page=3 starts the list again under it) or the very same one.
  useEffect(() => setMenuOpen(false), [location.key]);
  // The menu's links come before its button on the page (they are the desktop's links), so Tab
  // from the button would pass them by: opening the menu takes focus to its first link, and
  // Escape takes it back to the button.
  useEffect(() => {
    if (!menuOpen) return undefined;
    menu.current?.querySelector('a[href]')?.focus();
    const onKey = (e) => {
      if (e.key !== 'Escape') return;
      // An open dropdown in the menu (Categories) takes this Escape for itself: one Escape closes
      // one thing, and the menu stays open around it.
      if (menu.current?.querySelector('[aria-expanded="true"]')) return;
      if (menu.current?.contains(document.activeElement)) menuToggle.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header" ref={header} data-open={menuOpen ? 'menu' : undefined}>
      <nav className="site-nav" aria-label="Main">
        <Link to={HOME} className="site-nav__brand">
          {BRAND}
        </Link>
        <SearchInput id="site-search" />
        {/* a link followed from the menu closes it, even one the router does not go through */}
        <ul className="site-nav__links" id="site-menu" ref={menu}
          onClick={(e) => e.target.closest?.('a[href]') && setMenuOpen(false)}>
          <li><NavLink to={SHOP}>Products</NavLink></li>
          <li><NavLink to={ABOUT}>About</NavLink></li>
          <li><NavLink to={CONTACT}>Contact</NavLink></li>
          <li><CategoriesMenu /></li>
        </ul>
        {/* outside the menu: SPEC's Login link (or the avatar) shows on every screen */}
        <div className="site-nav__account">
          {auth.user ? <AccountMenu /> : <NavLink to={LOGIN}>Login</NavLink>}
        </div>
        <CartLink />
        <button ref={menuToggle} type="button" className="icon-button site-nav__toggle" aria-label="Menu"
          aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen((o) => !o)}>
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
      </nav>
    </header>
  );
}
