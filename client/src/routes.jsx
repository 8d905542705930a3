// The route table of the shop, for createBrowserRouter (main.jsx) and createMemoryRouter
// (tests). The dashboards come from pages/dashboard-routes.jsx, behind their guards; the
// admin pages there are React.lazy, so shoppers never download them.
import * as paths from './paths';
import AppFrame from './components/AppFrame';
import ErrorScreen from './pages/ErrorScreen';
import Home from './pages/Home';
import Shop from './pages/Shop';
import ProductDetails from './pages/ProductDetails';
import Categories from './pages/Categories';
import CategoryProducts from './pages/CategoryProducts';
import CartPage from './pages/CartPage';
import Search from './pages/Search';
import InfoPage from './pages/InfoPage';
import NotFound from './pages/NotFound';
import Login from './pages/auth/Login';
import Register from './pages/auth/Register';
import ForgotPassword from './pages/auth/ForgotPassword';
import ResetPassword from './pages/auth/ResetPassword';
import UserRoute from './components/guards/UserRoute';
import AdminRoute from './components/guards/AdminRoute';
import { adminDashboardRoutes, userDashboardRoutes } from './pages/dashboard-routes.jsx';

export const routes = [
  {
    element: <AppFrame />,
    errorElement: <ErrorScreen />,
    children: [
      { path: paths.HOME, element: <Home /> },
      { path: paths.SHOP, element: <Shop /> },
      { path: paths.PRODUCT, element: <ProductDetails /> },
      { path: paths.CATEGORIES, element: <Categories /> },
      { path: paths.CATEGORY, element: <CategoryProducts /> },
      { path: paths.CART, element: <CartPage /> },
      { path: paths.SEARCH, element: <Search /> },
      { path: paths.ABOUT, element: <InfoPage page="about" /> },
      { path: paths.CONTACT, element: <InfoPage page="contact" /> },
      { path: paths.POLICY, element: <InfoPage page="policy" /> },
      { path: paths.FORGET_PASSWORD, element: <ForgotPassword /> },
      { path: paths.RESET_PASSWORD, element: <ResetPassword /> },
      { path: paths.REGISTER, element: <Register /> },
      { path: paths.LOGIN, element: <Login /> },
      {
        path: paths.DASHBOARD,
        children: [
          { index: true, element: <NotFound /> },
          { path: 'user', element: <UserRoute />, children: userDashboardRoutes },
          { path: 'admin', element: <AdminRoute />, children: adminDashboardRoutes },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
