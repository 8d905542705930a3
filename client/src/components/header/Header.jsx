// Top navigation bar: brand, search box, links, Categories dropdown, cart badge and the Login
// link or the avatar menu. On a phone it is one compact row (brand, a search button, the cart,
// a menu button); the search form and the links open below it on demand.
import { useEffect, useState } from 'react';
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
  const [open, setOpen] = useState(null); // 'menu', 'search' or null (phones only)

  // A new page closes whatever was open.
  useEffect(() => setOpen(null), [location.pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e) => e.key === 'Escape' && setOpen(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const toggle = (what) => () => setOpen((current) => (current === what ? null : what));

  return (
    <header className="site-header" data-open={open ?? undefined}>
      <nav className="site-nav" aria-label="Main">
        <Link to={HOME} className="site-nav__brand">
          {BRAND}
        </Link>
        <button type="button" className="icon-button site-nav__toggle site-nav__toggle--search" aria-label="Open search"
          aria-expanded={open === 'search'} aria-controls="site-search" onClick={toggle('search')}>
          <Icon name={open === 'search' ? 'close' : 'search'} />
        </button>
        <CartLink />
        <button type="button" className="icon-button site-nav__toggle site-nav__toggle--menu" aria-label="Menu"
          aria-expanded={open === 'menu'} aria-controls="site-menu" onClick={toggle('menu')}>
          <Icon name={open === 'menu' ? 'close' : 'menu'} />
        </button>
        <SearchInput id="site-search" />
        <ul className="site-nav__links" id="site-menu">
          <li><NavLink to={SHOP}>Products</NavLink></li>
          <li><NavLink to={ABOUT}>About</NavLink></li>
          <li><NavLink to={CONTACT}>Contact</NavLink></li>
          <li><CategoriesMenu /></li>
          <li>{auth.user ? <AccountMenu /> : <NavLink to={LOGIN}>Login</NavLink>}</li>
        </ul>
      </nav>
    </header>
  );
}
