// Vite build, dev server and Vitest configuration of the storefront.
// The dev server (on DEV_PORT, default 3000) proxies /api to the Go API on PORT (default 8080),
// as `make dev` starts them; the admin area is code-split by React.lazy in
// src/pages/dashboard-routes.jsx, so it lands in its own chunks.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// precompress writes a brotli (.br) and a gzip (.gz) copy beside every script and stylesheet of
// the build, at the highest levels: shopd (and nginx, gzip_static) send them as they are, so
// a first visit downloads a fifth less than with a quick on-the-fly gzip.
const precompress = () => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const name of Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file))) {
      const file = join(options.dir, name);
      const bytes = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  },
});

// stylesheetFirst moves the stylesheet links of the built index.html before its scripts. Nothing
// is drawn before the stylesheet is in, and over HTTP/1.1 a browser asks a host for six things
// at a time, in the order the page names them: behind the scripts and their preloads the
// stylesheet would wait for one of them to finish.
const stylesheetFirst = () => ({
  name: 'stylesheet-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const sheets = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
      const rest = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
      return rest.replace(/^([ \t]*)<title>.*<\/title>\n/m, (title) => title + sheets.join(''));
    },
  },
});

// axiosWithoutFetch leaves axios's fetch adapter out of the build. axios picks the first adapter
// the environment has, in the order xhr, http, fetch, and every browser has XMLHttpRequest, so
// the fetch adapter (and the stream helpers only it uses, about 4 KB gzip of the first download) never
// runs in the storefront. In its place axios finds an adapter that says it is not supported, as
// it finds for http in a browser build. Tests run on the whole axios.
const axiosWithoutFetch = () => ({
  name: 'axios-without-fetch',
  enforce: 'pre', // before Vite's own resolver, which would find the file
  apply: 'build',
  resolveId(source, importer) {
    if (source === './fetch.js' && importer?.replaceAll('\\', '/').endsWith('/axios/lib/adapters/adapters.js')) {
      return '\0axios-fetch-unsupported';
    }
    return null;
  },
  load(id) {
    return id === '\0axios-fetch-unsupported' ? 'export const getFetch = () => false;\nexport default false;\n' : null;
  },
});

// 127.0.0.1, not localhost: Node may resolve localhost to ::1, where shopd does not listen.
const apiTarget = `http://127.0.0.1:${process.env.PORT || 8080}`;
const devPort = Number(process.env.DEV_PORT || 3000);
const devServer = {
  port: devPort,
  strictPort: true,
  // The browser's Host goes through as it is: shopd takes a write whose Origin names the host
  // it was sent to, and refuses one from another site.
  proxy: { '/api': { target: apiTarget } },
};

export default defineConfig({
  plugins: [react(), axiosWithoutFetch(), stylesheetFirst(), precompress()],
  server: devServer,
  preview: devServer,
  build: {
    // The API reference page's Swagger UI is one 1.5 MB chunk, which the storefront never loads.
    chunkSizeWarningLimit: 1600,
    // Every browser the shop supports preloads modules itself: no polyfill in the first download.
    modulePreload: { polyfill: false },
    // The API reference (/api/docs) is a page of its own: the storefront's index.html never
    // loads its script.
    rollupOptions: { input: { main: 'index.html', apiDocs: 'api-docs.html' } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.js'],
    include: ['src/**/*.test.{js,jsx}'],
    css: false,
    testTimeout: 15000,
    pool: 'threads',
  },
});
