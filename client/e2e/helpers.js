// What a journey does and checks, phrased the way a person meets the shop: texts on screen,
// the address bar, the cart badge. journey() gives each journey a fresh browser context and
// saves a screenshot of the step that failed under e2e/artifacts/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, DOCS, baseURL, newPage } from './harness.js';

export const DEMO_ADMIN = { email: 'admin@shop.test', password: 'admin123' };
export const DEMO_SHOPPER = { email: 'shopper@shop.test', password: 'shopper123' };
const WAIT_MS = 15_000;

/**
 * journey registers one test: fn({ page, step }) runs in its own browser context. Each
 * step(label, body) names what is being done, so a failure reads "journey › step" and leaves
 * a full-page screenshot named after both.
 */
export function journey(name, fn, { timeout = 120_000 } = {}) {
  test(name, { timeout }, async () => {
    const page = await newPage();
    let current = 'opening';
    const step = async (label, body) => {
      current = label;
      await body();
    };
    try {
      await fn({ page, step });
    } catch (error) {
      const file = join(ARTIFACTS, `${slug(name)}--${slug(current)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      const where = `[${name} › ${current}]`;
      error.message = `${where} ${error.message}\n    screenshot: ${file}`;
      if (typeof error.stack === 'string') error.stack = `${where} screenshot: ${file}\n${error.stack}`;
      throw error;
    } finally {
      await page.context().close();
    }
  });
}

/** see waits until `text` is visible on the page (exact match unless a RegExp). */
export async function see(page, text, { timeout = WAIT_MS } = {}) {
  await page.getByText(text, { exact: typeof text === 'string' }).first().waitFor({ state: 'visible', timeout });
}

/** notSee asserts that no element shows `text` (after letting the page settle). */
export async function notSee(page, text) {
  await page.waitForLoadState('networkidle').catch(() => {});
  assert.equal(await page.getByText(text, { exact: typeof text === 'string' }).count(), 0, `"${text}" should not be on the page`);
}

/** at waits until the address bar shows `path` (pathname only). */
export async function at(page, path, { timeout = WAIT_MS } = {}) {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** eventually retries `check` (an async function returning the value) until it equals `want`. */
export async function eventually(check, want, message, timeout = WAIT_MS) {
  const deadline = Date.now() + timeout;
  let got;
  for (;;) {
    got = await check();
    if (JSON.stringify(got) === JSON.stringify(want) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(got, want, message);
}

/** badge reads the number shown on the cart badge in the header. */
export async function expectBadge(page, n) {
  const cart = page.getByRole('link', { name: /^Cart, \d+ item\(s\)$/ });
  await eventually(async () => (await cart.locator('.cart-badge').textContent())?.trim(), String(n), 'cart badge');
  await cart.and(page.getByRole('link', { name: `Cart, ${n} item(s)` })).waitFor();
}

/** field is the input tied to the visible label text. */
export const field = (page, label) => page.getByLabel(label, { exact: true });

/** signIn fills the login form and waits to leave /login. */
export async function signIn(page, { email, password }) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** login opens /login and signs in, ending wherever the login sends the user (/ by default). */
export async function login(page, account) {
  await page.goto('/login');
  await signIn(page, account);
}

/** apiGet answers a GET of the running API as JSON (for the counts a journey compares with). */
export async function apiGet(path, token) {
  const answer = await fetch(`${baseURL()}/api/v1/${path}`, { headers: token ? { Authorization: token } : {} });
  assert.ok(answer.ok, `GET ${path} answered ${answer.status}`);
  return answer.json();
}

/** apiPost sends JSON to the API and answers its JSON body and status. */
export async function apiPost(path, body, token) {
  const answer = await fetch(`${baseURL()}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
}

/** unique is a short suffix that keeps names of one run apart. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

/**
 * snap saves a README screenshot as docs/{name}.png when the suite runs with SCREENSHOTS=1,
 * once the page's images have loaded and its toasts have gone.
 */
export async function snap(page, name) {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(DOCS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('status').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.waitForFunction(() => [...document.images]
    .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
    .every((img) => img.complete), null, { timeout: 15_000 }).catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.screenshot({ path: join(DOCS, `${name}.png`) });
}

/** choose picks `option` in the antd select whose input is labelled `label`. */
export async function choose(page, label, option) {
  const input = page.getByLabel(label, { exact: true });
  await page.locator('.ant-select', { has: input }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** price is how the storefront shows an amount: the rupee sign before the plain number. */
export const price = (amount) => `₹${Number(amount)}`;

/** token is the session token the page keeps in local storage (empty when signed out). */
export async function token(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') || '{}').token || '');
}

const COUNTDOWN = ['redirecting to you in 3 second', 'redirecting to you in 2 second', 'redirecting to you in 1 second'];

/**
 * guardedVisit opens a guarded path and checks that the guard's screen counted down from 3
 * before it left for `to`. The countdown is recorded inside the page, so a slow machine cannot
 * make the check miss a second.
 */
export async function guardedVisit(page, path, to) {
  await page.addInitScript(() => {
    window.countdownSeen = [];
    new MutationObserver(() => {
      const text = document.querySelector('.countdown h1')?.textContent;
      if (text && window.countdownSeen.at(-1) !== text) window.countdownSeen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByText(/^redirecting to you in [0-3] second$/).first().waitFor();
  await at(page, to, { timeout: 8000 });
  const seen = await page.evaluate(() => window.countdownSeen);
  assert.deepEqual(seen.slice(0, 3), COUNTDOWN, `countdown seen: ${JSON.stringify(seen)}`);
}

/**
 * buyable is a variant of a product that is in stock, at the product's own price when one is
 * (null for a product sold without sizes or colours).
 */
export function buyable(product) {
  const inStock = (product.variants ?? []).filter((v) => v.quantity > 0);
  return inStock.find((v) => v.price === undefined) ?? inStock[0] ?? null;
}

/** itemPrice is what one item costs in the cart: its variant's price, else the product's. */
export const itemPrice = (product, variant) => Number(variant?.price ?? product.price);

/**
 * sizeText is how a cart line or an order names a variant of `product`: "Size: M, Colour: Navy",
 * in the order of the product's options (the API gives a variant's options in alphabetical order).
 */
export const sizeText = (product, variant) =>
  product.options.map(({ name }) => `${name}: ${variant.options[name]}`).join(', ');

/**
 * tick clicks a checkbox or radio button and waits until it shows as checked: a filter's box
 * follows the address, which changes just after the click.
 */
export async function tick(control) {
  await control.click();
  await eventually(() => control.isChecked(), true, 'the box is ticked');
}

/** chooseVariant picks each option value of `variant` on its product page; answers the variant. */
export async function chooseVariant(page, product, variant = buyable(product)) {
  for (const option of product.options ?? []) {
    await tick(page.getByRole('group', { name: new RegExp(`^${option.name}`) })
      .getByRole('radio', { name: variant.options[option.name], exact: true }));
  }
  return variant;
}

/** cartLine is a product as a cart sends it to checkout: with its variant's id when it has one. */
export const cartLine = (product, variant = buyable(product)) => (variant ? { ...product, variantId: variant._id } : product);
