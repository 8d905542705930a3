// The route table of the shop, for createBrowserRouter (main.jsx) and createMemoryRouter
// (tests). The dashboards come from pages/dashboard-routes.jsx, behind their guards; the
// admin pages there are React.lazy, so shoppers never download them.
// The pages a shared link lands on (home, shop, a product, a category) are in the first
// download; the rest (sign-in forms, the cart, search, categories, the information pages) load
// on first visit through the router's `lazy`, which keeps the current page on screen until the
// next one's code has arrived, so nothing blank flashes in between. Every such import goes
// through loadChunk (chunks.js), which asks again once when a download fails. A page that fails
// all the same shows the error screen inside the frame: the header stays to go on from, and a
// toast raised just before (Payment Completed Successfully) stays on screen.
import * as paths from './paths';
import { loadChunk } from './chunks';
import AppFrame from './components/AppFrame';
import ErrorScreen from './pages/ErrorScreen';
import Home from './pages/Home';
import Shop from './pages/Shop';
import ProductDetails from './pages/ProductDetails';
import CategoryProducts from './pages/CategoryProducts';
import NotFound from './pages/NotFound';
import UserRoute from './components/guards/UserRoute';
import AdminRoute from './components/guards/AdminRoute';
import { adminDashboardRoutes, userDashboardRoutes } from './pages/dashboard-routes.jsx';
import { loadCartPage } from './pages/page-chunks';

/** lazyPage is a route's `lazy`: it loads a page's module and renders its default export. */
function lazyPage(load, props = {}) {
  return async () => {
    const { default: Page } = await loadChunk(load);
    return { element: <Page {...props} /> };
  };
}

/** The shop's pages, each in the frame (header, toasts) that routes puts them in. */
const pages = [
  { path: paths.HOME, element: <Home /> },
  { path: paths.SHOP, element: <Shop /> },
  { path: paths.PRODUCT, element: <ProductDetails /> },
  { path: paths.CATEGORIES, lazy: lazyPage(() => import('./pages/Categories')) },
  { path: paths.CATEGORY, element: <CategoryProducts /> },
  { path: paths.CART, lazy: lazyPage(loadCartPage) },
  { path: paths.SEARCH, lazy: lazyPage(() => import('./pages/Search')) },
  { path: paths.ABOUT, lazy: lazyPage(() => import('./pages/InfoPage'), { page: 'about' }) },
  { path: paths.CONTACT, lazy: lazyPage(() => import('./pages/InfoPage'), { page: 'contact' }) },
  { path: paths.POLICY, lazy: lazyPage(() => import('./pages/InfoPage'), { page: 'policy' }) },
  { path: paths.FORGET_PASSWORD, lazy: lazyPage(() => import('./pages/auth/ForgotPassword')) },
  { path: paths.RESET_PASSWORD, lazy: lazyPage(() => import('./pages/auth/ResetPassword')) },
  { path: paths.REGISTER, lazy: lazyPage(() => import('./pages/auth/Register')) },
  { path: paths.LOGIN, lazy: lazyPage(() => import('./pages/auth/Login')) },
  {
    path: paths.DASHBOARD,
    children: [
      { index: true, element: <NotFound /> },
      { path: 'user', element: <UserRoute />, children: userDashboardRoutes },
      { path: 'admin', element: <AdminRoute />, children: adminDashboardRoutes },
    ],
  },
  { path: '*', element: <NotFound /> },
];

/**
 * matchCase makes every path match only as written, as the server matches page addresses:
 * /Shop is Page Not Found here as it is a 404 there (the router's default ignores case).
 */
const matchCase = (list) => list.map((route) => ({
  ...route,
  ...(route.path ? { caseSensitive: true } : {}),
  ...(route.children ? { children: matchCase(route.children) } : {}),
}));

export const routes = [
  {
    element: <AppFrame />,
    // The frame itself failed: the bare screen, without the header.
    errorElement: <ErrorScreen />,
    // Opened directly, a lazy page shows nothing until its code is in (a blink on a phone).
    HydrateFallback: () => null,
    children: [{ errorElement: <ErrorScreen framed />, children: matchCase(pages) }],
  },
];
