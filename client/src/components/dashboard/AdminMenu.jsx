import SideMenu from './SideMenu';
import {
  ADMIN_CREATE_CATEGORY,
  ADMIN_CREATE_PRODUCT,
  ADMIN_PRODUCT,
  ADMIN_PRODUCTS,
  ADMIN_USERS,
  ADMIN_ORDERS,
} from '../../paths';

const LINKS = [
  { to: ADMIN_CREATE_CATEGORY, label: 'Create Category' },
  { to: ADMIN_CREATE_PRODUCT, label: 'Create Product' },
  { to: ADMIN_PRODUCTS, label: 'Products', also: ADMIN_PRODUCT('') },
  { to: ADMIN_USERS, label: 'Users' },
  { to: ADMIN_ORDERS, label: 'Orders Processing' },
];

/** AdminMenu is the admin area's menu. */
export default function AdminMenu() {
  return <SideMenu title="Admin Panel" links={LINKS} />;
}
