// The /dashboard/user and /dashboard/admin route children, mounted by src/routes.jsx under the
// user and admin guards. Every dashboard page is code-split: the storefront's first load
// carries none of them, and shoppers never download the admin area. A chunk that fails to
// download is asked for again once (chunks.js) before the page fails.
import { lazy, Suspense } from 'react';
import { loadChunk } from '../chunks';

/** lazyPage renders a code-split page once its chunk has loaded. */
function lazyPage(load) {
  const Page = lazy(() => loadChunk(load));
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

export const userDashboardRoutes = [
  { index: true, element: lazyPage(() => import('./user/Dashboard')) },
  { path: 'profile', element: lazyPage(() => import('./user/Profile')) },
  { path: 'orders', element: lazyPage(() => import('./user/Orders')) },
  { path: 'orders/:id', element: lazyPage(() => import('./user/OrderDetail')) },
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
