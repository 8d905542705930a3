// All app-wide state providers and the antd theme, shared by main.jsx and the test renderer.
// Each mount gets its own query cache (a test never sees another test's answers), unless it is
// given one (main.jsx fills it before the first render).
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './context/auth';
import { CartProvider } from './context/cart';
import { SearchProvider } from './context/search';
import { makeQueryClient } from './api/query-client';

export default function AppProviders({ children, queryClient: given }) {
  const [queryClient] = useState(() => given ?? makeQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SearchProvider>
          <CartProvider>{children}</CartProvider>
        </SearchProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
