// Top navigation bar of SPEC §2: brand, search box, links, Categories dropdown, cart badge
// and the Login link or the avatar menu.
import { Link, NavLink } from 'react-router-dom';
import { ABOUT, CONTACT, HOME, LOGIN, SHOP } from '../../paths';
import { useAuth } from '../../context/auth';
import { BRAND } from '../../texts';
import SearchInput from './SearchInput';
import CategoriesMenu from './CategoriesMenu';
import CartLink from './CartLink';
import AccountMenu from './AccountMenu';

export default function Header() {
  const [auth] = useAuth();
  return (
    <header className="site-header">
      <nav className="site-nav" aria-label="Main">
        <Link to={HOME} className="site-nav__brand">
          {BRAND}
        </Link>
        <SearchInput />
        <ul className="site-nav__links">
          <li><NavLink to={SHOP}>Products</NavLink></li>
          <li><NavLink to={ABOUT}>About</NavLink></li>
          <li><NavLink to={CONTACT}>Contact</NavLink></li>
          <li><CategoriesMenu /></li>
          <li><CartLink /></li>
          <li>{auth.user ? <AccountMenu /> : <NavLink to={LOGIN}>Login</NavLink>}</li>
        </ul>
      </nav>
    </header>
  );
}
