// The home and the shop arrive with their first screen drawn by the server, so a slow phone
// shows it before the scripts have run. Opened without scripts, each shows its products and
// their photos; opened with them, React takes the page over with the very same screen (the
// same text, nothing moved) at phone and desktop widths, and the page then works as usual.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectBadge } from '../helpers.js';
import { distDir, newPage } from '../harness.js';
import { FIRST_DOWNLOAD_JS_BUDGET, firstDownload } from '../first-download.js';

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 900 }];

/** screenOf reads what a person sees of the page: its text and where its landmarks are. */
const screenOf = (page) => page.evaluate(() => {
  const box = (selector) => {
    const el = document.querySelector(selector);
    if (!el) return null;
    const { x, y, width, height } = el.getBoundingClientRect();
    return [x, y, width, height].map(Math.round).join(',');
  };
  const photo = document.querySelector('main .photo-frame img');
  return {
    text: document.getElementById('root').innerText,
    boxes: Object.fromEntries(['header', 'main h1', 'main h2', 'main .photo-frame img', 'footer'].map((s) => [s, box(s)])),
    photo: photo?.complete && photo.naturalWidth > 0 ? photo.currentSrc.replace(/^https?:\/\/[^/]+/, '') : null,
  };
});

/** reactHasIt waits until React has drawn the page (its router marks the links it draws). */
const reactHasIt = (page) => page.waitForSelector('#root a[data-discover]', { state: 'attached' });

export default function firstScreen() {
  test('first screen: the storefront\'s first download stays within its JavaScript budget', () => {
    const { js, jsGzip } = firstDownload(distDir());
    assert.ok(js.some((f) => f.file === 'first-call.js') && js.length > 1, `index.html loads its scripts: ${js.map((f) => f.file)}`);
    assert.ok(jsGzip < FIRST_DOWNLOAD_JS_BUDGET,
      `initial JavaScript is ${jsGzip} bytes gzip, over its budget of ${FIRST_DOWNLOAD_JS_BUDGET}: `
      + js.map((f) => `${f.file} ${f.gzip}`).join(', '));
  });

  test('first screen: the home and the shop are drawn by the server before any script, and React takes them '
    + 'over with the same screen, then works', { timeout: 180_000 }, async () => {
    for (const size of SIZES) {
      for (const path of ['/', '/shop']) {
        const drawn = await newPage({ ...size, javaScript: false });
        await drawn.goto(path, { waitUntil: 'load' });
        // Without scripts the page's noscript line shows above everything: leave it out of the comparison.
        await drawn.evaluate(() => document.querySelector('noscript')?.remove());
        const before = await screenOf(drawn);
        await drawn.context().close();
        const where = `${path} at ${size.width} px`;
        assert.ok(before.photo?.includes('/api/v1/product/product-photo/'), `${where}: no product photo without scripts`);
        assert.match(before.text, path === '/' ? /Trending Now/ : /\d+ product\(s\)/, `${where}: drawn text`);

        const page = await newPage(size);
        await page.goto(path, { waitUntil: 'load' });
        await reactHasIt(page);
        await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => img.loading === 'lazy' || img.complete));
        const after = await screenOf(page);
        assert.equal(after.text, before.text, `${where}: React showed other text than the server drew`);
        assert.deepEqual(after.boxes, before.boxes, `${where}: something moved when React took over`);
        assert.equal(after.photo, before.photo, `${where}: the first photo is another copy`);

        if (path === '/') {
          await page.getByRole('button', { name: 'Pause slides' }).click();
          await page.getByRole('button', { name: 'Play slides' }).waitFor();
        } else {
          await page.getByRole('button', { name: 'Add to Cart' }).first().click();
          await expectBadge(page, 1);
        }
        await page.context().close();
      }
    }
  });
}
