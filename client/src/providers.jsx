// All app-wide state providers and the antd theme, shared by main.jsx and the test renderer.
import { ConfigProvider } from 'antd';
import { AuthProvider } from './context/auth';
import { CartProvider } from './context/cart';
import { SearchProvider } from './context/search';

const theme = { token: { colorPrimary: '#1f3b57', borderRadius: 6 } };

export default function AppProviders({ children }) {
  return (
    <ConfigProvider theme={theme}>
      <AuthProvider>
        <SearchProvider>
          <CartProvider>{children}</CartProvider>
        </SearchProvider>
      </AuthProvider>
    </ConfigProvider>
  );
}
