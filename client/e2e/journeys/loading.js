// Pages whose content comes after them: while a product, the admin's products list or the
// admin's product editor loads, its loading state fills the screen, so the footer is not drawn
// there only to be pushed away; and when the content comes, nothing on the first screen moves
// (no layout shift, at phone and desktop widths). Room for the scrollbar is kept on every page,
// so a short page, a long one and one under a dialog centre the shop alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_ADMIN, at, login } from '../helpers.js';
import { chromium } from 'playwright-core';
import { CHROME_PATH, baseURL, newPage } from '../harness.js';

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 900 }];

// A click counts as the shopper's own doing for half a second: a shift then is not counted.
const AFTER_INPUT_MS = 600;

/** holdCalls keeps the calls `matches(url)` picks from the server until released. */
async function holdCalls(page, matches) {
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  await page.route((url) => matches(url), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** watchShifts starts counting the layout shifts the page makes without the person's input. */
const watchShifts = (page) => page.evaluate(() => {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts.push(entry.value);
  }).observe({ type: 'layout-shift' });
});

const shiftsSoFar = (page) => page.evaluate(() => window.shifts.reduce((sum, value) => sum + value, 0));

const footerOffScreen = (page) => page.evaluate(() => document.querySelector('footer').getBoundingClientRect().top >= window.innerHeight);

/**
 * loadsInPlace holds the calls `matches` picks, does `open` (a click), waits for `busy` and the
 * loading state, checks the footer is off the first screen, lets the calls through, waits for
 * `done`, and checks nothing moved meanwhile.
 */
async function loadsInPlace(page, where, { matches, open, busy, done }) {
  const release = await holdCalls(page, matches);
  await open();
  await page.locator(busy).first().waitFor();
  assert.ok(await footerOffScreen(page), `${where}: the footer shows on the first screen while it loads`);
  // Shifts are counted from when the loading state stands until the content has come: a
  // busy machine may draw the loading state after the click's half second of grace.
  await page.waitForTimeout(AFTER_INPUT_MS);
  await watchShifts(page);
  release();
  await done();
  await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => img.loading === 'lazy' || img.complete));
  await page.waitForTimeout(300);
  const shifted = await shiftsSoFar(page);
  assert.ok(shifted < 0.01, `${where}: the page shifted by ${shifted.toFixed(3)} when its content came`);
  await page.unroute(matches);
}

/** reactHasIt waits for React's render, which replaces a screen the server drew (its router marks the links it draws). */
const reactHasIt = (page) => page.locator('#root a[data-discover]').first().waitFor({ state: 'attached' });

const isProductCall = (url) => /^\/api\/v1\/product\/get-product\/[^/]+$/.test(url.pathname);
const isProductsListCall = (url) => url.pathname === '/api/v1/product/get-product';

export default function loading() {
  test('loading: the product page and the admin\'s products list and editor keep the first screen still while they load',
    { timeout: 180_000 }, async () => {
      for (const size of SIZES) {
        const page = await newPage(size);
        try {
          await page.goto('/shop');
          await reactHasIt(page);
          const card = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
          const name = await card.getByRole('heading').first().textContent();
          await loadsInPlace(page, `the product page at ${size.width} px`, {
            matches: isProductCall,
            open: () => card.getByRole('link', { name: 'More Details' }).click(),
            busy: 'main .product-details[aria-busy="true"]',
            done: () => page.getByRole('heading', { name: name.trim(), exact: true }).waitFor(),
          });

          await login(page, DEMO_ADMIN);
          await page.goto('/dashboard/admin');
          const menu = page.getByRole('navigation', { name: 'Admin Panel' });
          await loadsInPlace(page, `the admin's products list at ${size.width} px`, {
            matches: isProductsListCall,
            open: () => menu.getByRole('link', { name: 'Products' }).click(),
            busy: 'main [aria-busy="true"]',
            done: () => page.locator('main .admin-product').first().waitFor(),
          });
          await loadsInPlace(page, `the admin's product editor at ${size.width} px`, {
            matches: isProductCall,
            open: () => page.locator('main .admin-product').first().click(),
            busy: 'main [aria-busy="true"]',
            done: () => page.getByRole('button', { name: 'UPDATE PRODUCT' }).waitFor(),
          });
        } finally {
          await page.context().close();
        }
      }
    });

  test('loading: a short page, a long one and one under a dialog centre the shop alike, scrollbar or none', { timeout: 60_000 }, async () => {
    // The suite's browser hides scrollbars (headless); this one shows them, as a desktop does.
    const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, ignoreDefaultArgs: ['--hide-scrollbars'] });
    try {
      // Wider than the shop's 1280 px, as Lighthouse's desktop (1350 px): the shop is centred.
      const page = await browser.newPage({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
      const brandX = () => page.locator('.site-nav__brand').evaluate((brand) => brand.getBoundingClientRect().x);
      const brandAt = async (path) => {
        await page.goto(path);
        await at(page, path);
        await reactHasIt(page);
        return brandX();
      };
      const short = await brandAt('/no-such-page');
      assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), 'the not-found page fits the screen');
      const long = await brandAt('/shop');
      assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight), 'the shop is longer than the screen');
      assert.ok(await page.evaluate(() => window.innerWidth > document.documentElement.clientWidth), 'the browser shows a scrollbar');
      assert.equal(long, short, 'the header moved sideways between a short page and a long one');

      // A dialog stops the page scrolling (antd hides the scrollbar and narrows the page by its
      // width): the page behind it stays where it was.
      await login(page, DEMO_ADMIN);
      await page.setViewportSize({ width: 1440, height: 400 });
      await page.goto('/dashboard/admin/create-category');
      const edit = page.getByRole('button', { name: /^Edit / }).first();
      await edit.waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight), 'the page is longer than the screen');
      const before = await brandX();
      await edit.click();
      await page.getByRole('dialog').waitFor();
      const behind = await brandX();
      assert.equal(behind, before, 'the page behind the dialog moved sideways');
    } finally {
      await browser.close();
    }
  });
}
