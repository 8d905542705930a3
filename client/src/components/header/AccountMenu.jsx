// Avatar menu of a signed-in user: initials, name, email, Dashboard link and Logout.
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { useAuth } from '../../context/auth';
import { dashboardPath, LOGIN } from '../../paths';
import { LOGOUT_SUCCESS } from '../../texts';
import initials, { avatarStyle } from '../../initials';
import DropdownMenu from './DropdownMenu';

export default function AccountMenu() {
  const [auth, setAuth] = useAuth();
  const { user } = auth;
  const letters = initials(user.name);
  const { fontSize, pill } = avatarStyle(letters.length);

  // Logout is a link to /login; signing out happens as it is followed.
  const logout = () => {
    setAuth({ user: null, token: '' });
    toast.success(LOGOUT_SUCCESS);
  };

  return (
    <DropdownMenu
      className="account-menu"
      buttonLabel={`${letters}, Account menu of ${user.name}`}
      label={
        <span className={`account-menu__avatar${pill ? ' account-menu__avatar--pill' : ''}`} style={{ fontSize }}>
          {letters}
        </span>
      }
    >
      <div className="account-menu__who">
        <strong dir="auto">{user.name}</strong>
        <span>{user.email}</span>
      </div>
      <ul className="dropdown__list">
        <li><Link to={dashboardPath(user)}>Dashboard</Link></li>
        <li><Link to={LOGIN} onClick={logout}>Logout</Link></li>
      </ul>
    </DropdownMenu>
  );
}
