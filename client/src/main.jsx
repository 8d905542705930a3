// Entry point: providers around the browser router built from the route table, rendered once
// the screen the server drew (if any) can be drawn the same from the cache (first-screen.js).
// The shop's base styles are imported first, so the built stylesheet has them before the
// styles of the components (browse.css, variants.css), which may then override them.
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import AppProviders from './providers';
import { makeQueryClient } from './api/query-client';
import { firstScreenReady } from './first-screen';
import { routes } from './routes';

const root = document.getElementById('root');
const queryClient = makeQueryClient();

firstScreenReady(root, queryClient).then(() => {
  const router = createBrowserRouter(routes);
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
