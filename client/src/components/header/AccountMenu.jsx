// Avatar menu of a signed-in user: initials, name, email, Dashboard link and Logout.
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../context/auth';
import { dashboardPath, LOGIN } from '../../paths';
import { LOGOUT_SUCCESS } from '../../texts';
import initials from '../../initials';
import DropdownMenu from './DropdownMenu';

export default function AccountMenu() {
  const [auth, setAuth] = useAuth();
  const navigate = useNavigate();
  const { user } = auth;

  const logout = () => {
    setAuth({ user: null, token: '' });
    toast.success(LOGOUT_SUCCESS);
    navigate(LOGIN);
  };

  return (
    <DropdownMenu
      className="account-menu"
      buttonLabel={`Account menu of ${user.name}`}
      label={<span className="account-menu__avatar">{initials(user.name)}</span>}
    >
      <div className="account-menu__who">
        <strong>{user.name}</strong>
        <span>{user.email}</span>
      </div>
      <ul className="dropdown__list">
        <li><Link to={dashboardPath(user)}>Dashboard</Link></li>
        <li><button type="button" className="link-button" onClick={logout}>Logout</button></li>
      </ul>
    </DropdownMenu>
  );
}
