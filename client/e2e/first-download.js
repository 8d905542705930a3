// The storefront's first download: every script index.html loads (first-call.js, the entry)
// and the chunks it preloads, and its CSS, each counted gzip-compressed as a browser receives
// it. Lazy chunks (the admin area, the API docs) are fetched only when someone opens them.
// The browser suite holds the JavaScript to its budget at every change; `make bench` reports
// both figures (bench/run.sh runs this file: `node e2e/first-download.js DIST` prints
// "JS CSS" in bytes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The storefront's initial JavaScript, gzip bytes: bench/README.md's budget, which api/cmd/shopload's report checks too. */
export const FIRST_DOWNLOAD_JS_BUDGET = 150_000;

/** firstDownload answers the gzip bytes of the built client's initial scripts and styles, file by file. */
export function firstDownload(dist) {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const named = (pattern) => [...index.matchAll(pattern)].map((m) => m[1]);
  const sized = (files) => files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file))).length }));
  const js = sized(named(/(?:src|href)="\/([^"]+\.js)"/g));
  const css = sized(named(/href="\/(assets\/[^"]+\.css)"/g));
  const total = (list) => list.reduce((sum, f) => sum + f.gzip, 0);
  return { js, css, jsGzip: total(js), cssGzip: total(css) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { js, css, jsGzip, cssGzip } = firstDownload(process.argv[2] || 'dist');
  for (const { file, gzip } of [...js, ...css]) console.error(`  ${file.padEnd(45)} ${String(gzip).padStart(8)} bytes gzip`);
  console.log(`${jsGzip} ${cssGzip}`);
}
