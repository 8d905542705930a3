// Every route path of the shop, used by the route table, links and navigations alike.
import { isAdmin } from './rules';
export const HOME = '/';
export const SHOP = '/shop';
export const PRODUCT = '/product/:slug';
export const CATEGORIES = '/categories';
export const CATEGORY = '/category/:slug';
export const CART = '/cart';
export const SEARCH = '/search';
export const ABOUT = '/about';
export const CONTACT = '/contact';
export const POLICY = '/policy';
export const FORGET_PASSWORD = '/forget-password';
export const REGISTER = '/register';
export const LOGIN = '/login';
/** Password reset by an emailed link: asks for the link, or (with ?token=) a new password. */
export const RESET_PASSWORD = '/reset-password';

export const DASHBOARD = '/dashboard';
export const USER_DASHBOARD = '/dashboard/user';
export const USER_PROFILE = '/dashboard/user/profile';
export const USER_ORDERS = '/dashboard/user/orders';
export const USER_ORDER = (id) => `/dashboard/user/orders/${id}`;
export const ADMIN_DASHBOARD = '/dashboard/admin';
export const ADMIN_CREATE_CATEGORY = '/dashboard/admin/create-category';
export const ADMIN_CREATE_PRODUCT = '/dashboard/admin/create-product';
export const ADMIN_PRODUCTS = '/dashboard/admin/products';
export const ADMIN_PRODUCT = (slug) => `/dashboard/admin/product/${slug}`;
export const ADMIN_USERS = '/dashboard/admin/users';
export const ADMIN_ORDERS = '/dashboard/admin/orders';

export const productPath = (slug) => `/product/${slug}`;
export const categoryPath = (slug) => `/category/${slug}`;

/** The dashboard of a signed-in user: the admin's or the shopper's. */
export const dashboardPath = (user) => (isAdmin(user) ? ADMIN_DASHBOARD : USER_DASHBOARD);
