// The browser suite's world: a built client, a freshly started shopd on a free port with an
// empty embedded store (demo catalogue seeded), and Debian's Chromium driven by playwright-core.
// start() brings all three up once; stop() takes them down. Nothing here downloads a browser.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const CLIENT = resolve(here, '..');
export const ROOT = resolve(CLIENT, '..');
export const API = join(ROOT, 'api');
export const ARTIFACTS = join(here, 'artifacts');
export const DOCS = join(ROOT, 'docs');
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const world = { server: null, browser: null, tmp: null, baseURL: null, dist: null };

/** baseURL is the address of the running shop, e.g. http://127.0.0.1:41234. */
export const baseURL = () => world.baseURL;

/** distDir is the built client the running shop serves. */
export const distDir = () => world.dist;

/** outboxDir is where the running shop writes its mails as .eml files (it has no mail server). */
export const outboxDir = () => join(world.tmp, 'data', 'mail');

/** start builds what is stale, starts shopd and launches Chromium. */
export async function start() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}: install it with \`apt-get install -y chromium\` or set CHROME_PATH`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  world.tmp = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const dist = buildClient(world.tmp);
  world.dist = dist;
  const bin = buildServer(world.tmp);
  const port = await freePort();
  world.baseURL = `http://127.0.0.1:${port}`;
  world.server = startServer(bin, port, world.tmp, dist);
  await waitForHealth(world.baseURL, world.server);
  world.browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
}

/** stop closes the browser, stops shopd (SIGTERM, then SIGKILL) and removes its data. */
export async function stop() {
  await world.browser?.close().catch(() => {});
  const server = world.server;
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (world.tmp) rmSync(world.tmp, { recursive: true, force: true });
}

/**
 * newPage opens a page in a fresh browser context: its own local storage, cookies and cache;
 * `javaScript: false` opens it as a browser that runs no script (the page as the server sent it).
 */
export async function newPage({ width = 1280, height = 900, javaScript = true } = {}) {
  const context = await world.browser.newContext({
    baseURL: world.baseURL, viewport: { width, height }, javaScriptEnabled: javaScript,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return page;
}

// The client is rebuilt into client/dist when dist is missing or older than any of its
// sources. shopd serves a copy, so a build started meanwhile (say by `make build`) cannot pull
// the files from under a running journey.
function buildClient(tmp) {
  const dist = join(CLIENT, 'dist');
  const index = join(dist, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [join(CLIENT, 'src'), join(CLIENT, 'public'), join(CLIENT, 'index.html'),
    join(CLIENT, 'vite.config.js'), join(CLIENT, 'package.json')];
  if (!built || newest(sources) > built) {
    console.log('e2e: building the client (npm run build)');
    run('npm', ['run', 'build'], CLIENT);
  }
  const copy = join(tmp, 'dist');
  cpSync(dist, copy, { recursive: true });
  if (!existsSync(join(copy, 'index.html'))) {
    console.log('e2e: client/dist changed while copying it; building a private copy');
    run('npm', ['run', 'build', '--', '--outDir', copy, '--emptyOutDir'], CLIENT);
  }
  return copy;
}

function buildServer(tmp) {
  const bin = join(tmp, 'shopd');
  console.log('e2e: building shopd');
  // api/go.mod names the Go release the shop builds with; 'auto' lets the go command fetch it
  // when this machine's Go is older and set to stay local (make sets the release itself).
  run(process.env.GO || 'go', ['build', '-o', bin, './cmd/shopd'], API,
    { GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'auto' });
  return bin;
}

function startServer(bin, port, tmp, dist) {
  const log = createWriteStream(join(ARTIFACTS, 'shopd.log'));
  const server = spawn(bin, [], {
    cwd: tmp,
    env: {
      ...process.env,
      PORT: String(port),
      MONGO_URI: '',
      DATA_DIR: join(tmp, 'data'),
      SEED_DEMO: 'true',
      CLIENT_DIST: dist,
      JWT_SECRET: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      CORS_ORIGINS: '',
      TRUSTED_PROXIES: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  return server;
}

async function waitForHealth(base, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`shopd exited with code ${server.exitCode}; see ${join(ARTIFACTS, 'shopd.log')}`);
    }
    try {
      const answer = await fetch(`${base}/healthz`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`shopd did not become healthy within ${timeoutMs / 1000} s; see ${join(ARTIFACTS, 'shopd.log')}`);
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

function run(cmd, args, cwd, env = {}) {
  const result = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

function newest(paths) {
  let latest = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const st = statSync(p);
    latest = Math.max(latest, st.mtimeMs);
    if (st.isDirectory()) {
      latest = Math.max(latest, newest(readdirSync(p).map((name) => join(p, name))));
    }
  }
  return latest;
}
