// Vite build, dev server and Vitest configuration of the storefront.
// The dev server proxies /api to the Go API on :8080 (`make dev`); the admin area is
// code-split by React.lazy in src/pages/dashboard-routes.jsx, so it lands in its own chunks.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3000,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    port: 3000,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: { chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.js'],
    include: ['src/**/*.test.{js,jsx}'],
    css: false,
    testTimeout: 15000,
    pool: 'threads',
  },
});
