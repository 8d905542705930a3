import SideMenu from './SideMenu';
import { USER_PROFILE, USER_ORDERS } from '../../paths';

const LINKS = [
  { to: USER_PROFILE, label: 'Profile' },
  { to: USER_ORDERS, label: 'Orders' },
];

/** UserMenu is the shopper's dashboard menu. */
export default function UserMenu() {
  return <SideMenu title="Dashboard" links={LINKS} />;
}
