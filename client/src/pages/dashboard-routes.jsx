// The /dashboard/user and /dashboard/admin route children, mounted by src/routes.jsx under the
// user and admin guards. The admin pages are code-split so shoppers never download them.
import { lazy, Suspense } from 'react';
import Dashboard from './user/Dashboard';
import Profile from './user/Profile';
import Orders from './user/Orders';

/** lazyPage renders a code-split page once its chunk has loaded. */
function lazyPage(load) {
  const Page = lazy(load);
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

export const userDashboardRoutes = [
  { index: true, element: <Dashboard /> },
  { path: 'profile', element: <Profile /> },
  { path: 'orders', element: <Orders /> },
];

export const adminDashboardRoutes = [
  { index: true, element: lazyPage(() => import('./admin/AdminDashboard')) },
  { path: 'create-category', element: lazyPage(() => import('./admin/CreateCategory')) },
  { path: 'create-product', element: lazyPage(() => import('./admin/CreateProduct')) },
  { path: 'products', element: lazyPage(() => import('./admin/Products')) },
  { path: 'product/:slug', element: lazyPage(() => import('./admin/UpdateProduct')) },
  { path: 'users', element: lazyPage(() => import('./admin/Users')) },
  { path: 'orders', element: lazyPage(() => import('./admin/AdminOrders')) },
];
