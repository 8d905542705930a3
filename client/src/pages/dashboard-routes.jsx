import { lazy, Suspense } from 'react';
import Dashboard from './user/Dashboard';
import Profile from './user/Profile';
import Orders from './user/Orders';

const AdminDashboard = lazy(() => import('./admin/AdminDashboard'));
const CreateCategory = lazy(() => import('./admin/CreateCategory'));
const CreateProduct = lazy(() => import('./admin/CreateProduct'));
const Products = lazy(() => import('./admin/Products'));
const UpdateProduct = lazy(() => import('./admin/UpdateProduct'));
const Users = lazy(() => import('./admin/Users'));
const AdminOrders = lazy(() => import('./admin/AdminOrders'));

function lazyPage(Page) {
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
  { index: true, element: lazyPage(AdminDashboard) },
  { path: 'create-category', element: lazyPage(CreateCategory) },
  { path: 'create-product', element: lazyPage(CreateProduct) },
  { path: 'products', element: lazyPage(Products) },
  { path: 'product/:slug', element: lazyPage(UpdateProduct) },
  { path: 'users', element: lazyPage(Users) },
  { path: 'orders', element: lazyPage(AdminOrders) },
];
