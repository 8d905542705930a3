// The shop on a phone, for everyone: no page of the storefront, the dashboards or the admin
// area scrolls sideways at 360, 390 or 430 px; the search box and Login show without a tap and
// the phone menu reaches every other link; axe-core finds no serious or critical WCAG 2.1 A/AA
// violation on any page; lists show their loading state while the API is slow and their error
// state, with Try again, when it fails;
// the filter drawer's own buttons (Filters, Show N results) show on phones only, each filter
// list shows its first 8 values and a Show all button, and none scrolls inside the panel or
// the drawer; titles show whole; small links (the sign-in pages', the account menu's, the
// admin menu's) are 44 x 44 px tap targets and the admin pager's buttons 44 px tall, in one row;
// the home's banners say their offer in letters a phone can read, and the admin's tables
// (orders, users) fit a phone without a scroll.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { DEMO_ADMIN, DEMO_SHOPPER, apiGet, apiPost, at, snap, unique } from '../helpers.js';
import { newPage } from '../harness.js';

const WIDTHS = [360, 390, 430];
const PHONE = { width: 390, height: 844 };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** pagesOf lists every page a visitor, a shopper and an admin can open, with who opens it. */
async function pagesOf() {
  const [product] = (await apiGet('product/product-list/1')).products;
  const [category] = (await apiGet('category/get-category')).category;
  const visitor = ['/', '/shop', `/product/${product.slug}`, '/categories', `/category/${category.slug}`, '/cart',
    '/search', '/about', '/contact', '/policy', '/login', '/register', '/forget-password', '/no-such-page'];
  const shopper = ['/dashboard/user', '/dashboard/user/profile', '/dashboard/user/orders', '/cart'];
  const admin = ['/dashboard/admin', '/dashboard/admin/create-category', '/dashboard/admin/create-product',
    '/dashboard/admin/products', `/dashboard/admin/product/${product.slug}`, '/dashboard/admin/users',
    '/dashboard/admin/orders'];
  return [[null, visitor], [DEMO_SHOPPER, shopper], [DEMO_ADMIN, admin]];
}

/** signedInPage opens a phone-sized page whose local storage holds the account's session. */
async function signedInPage(account, size) {
  const page = await newPage(size);
  if (account) {
    const { body } = await apiPost('auth/login', account);
    assert.ok(body.token, `sign-in of ${account.email}: ${body.message}`);
    await page.addInitScript((auth) => localStorage.setItem('auth', auth), JSON.stringify({ user: body.user, token: body.token }));
  }
  return page;
}

/** settle waits for the page's data and photos to arrive. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 }).catch(() => {});
}

/** overflow answers how far the page is wider than the screen, and the widest element. */
const overflow = (page) => page.evaluate(() => {
  const extra = document.documentElement.scrollWidth - window.innerWidth;
  let widest = '';
  if (extra > 0) {
    for (const el of document.querySelectorAll('body *')) {
      if (el.getBoundingClientRect().right > window.innerWidth + 1) {
        widest = `${el.tagName.toLowerCase()}.${el.className}`;
        break;
      }
    }
  }
  return { extra, widest };
});

/** seriousViolations runs axe-core's WCAG 2.1 A/AA rules and answers the serious and critical ones. */
async function seriousViolations(page) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  return found.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** placeOrder has `account` buy one unit of a product in stock, in a size, and answers the order. */
async function placeOrder(account) {
  const { products: [product] } = await apiGet('product/browse?size=M&inStock=true&limit=1');
  const variant = product.variants.find((v) => v.quantity > 0);
  const { body: { token } } = await apiPost('auth/login', account);
  const paid = await apiPost('product/process-payment',
    { nonce: 'fake-valid-nonce', cart: [{ _id: product._id, variantId: variant._id }] }, token);
  assert.equal(paid.status, 201, paid.body.message);
  return paid.body.order;
}

/** cutText says why an element's text does not show whole: wider than its box, or cut by an ancestor. */
const cutText = (locator) => locator.evaluate((el) => {
  const text = el.textContent;
  if (el.scrollWidth > el.clientWidth + 1) return `"${text}" needs ${el.scrollWidth}px, has ${el.clientWidth}px`;
  const box = el.getBoundingClientRect();
  for (let up = el.parentElement; up; up = up.parentElement) {
    const outer = up.getBoundingClientRect();
    const clips = getComputedStyle(up).overflowX !== 'visible';
    if (clips && (box.left < outer.left - 1 || box.right > outer.right + 1)) {
      return `"${text}" is cut by ${up.tagName.toLowerCase()}.${up.className}`;
    }
  }
  return '';
});

/** tapHeight says how tall a link is, with its name. */
const tapHeight = async (locator) =>
  `${await locator.textContent()}: ${Math.round((await locator.boundingBox()).height)}px`;

/**
 * unreadableInputs lists the inputs of `region` whose value (or placeholder) does not show
 * whole, or that lie off the screen, and says when the region itself scrolls sideways.
 */
const unreadableInputs = (region) => region.evaluate((box) => {
  const problems = [];
  if (box.scrollWidth > box.clientWidth + 1) {
    problems.push(`it scrolls sideways (${box.scrollWidth}px in ${box.clientWidth}px)`);
  }
  const pen = document.createElement('canvas').getContext('2d');
  for (const input of box.querySelectorAll('input')) {
    const style = getComputedStyle(input);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = input.value || input.placeholder;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const { left, right } = input.getBoundingClientRect();
    const name = input.getAttribute('aria-label');
    if (pen.measureText(text).width > room) problems.push(`${name} shows "${text}" in ${Math.round(room)}px`);
    if (left < 0 || right > window.innerWidth) problems.push(`${name} is off the screen`);
  }
  return problems;
});

/**
 * brokenWords lists the table headers on screen (column names, a variant's name) that show a
 * word split over two lines. Headers hidden for screen readers only (clipped) do not count.
 */
const brokenWords = (box) => box.evaluate((el) => {
  const problems = [];
  const clipped = (node) => {
    for (let up = node; up && up !== el; up = up.parentElement) if (getComputedStyle(up).clip !== 'auto') return true;
    return false;
  };
  for (const th of el.querySelectorAll('th')) {
    if (th.getBoundingClientRect().width <= 1 || clipped(th)) continue;
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of text.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push(`the header "${th.textContent.trim()}" splits "${word[0]}"`);
      }
    }
  }
  return problems;
});

/**
 * tableProblems lists what of an admin's table a person cannot see in its card (or its own
 * scrolling region): a column whose name does not show, a cell reaching past the card, a table
 * that scrolls sideways.
 */
const tableProblems = (card, columns) => card.evaluate((el, names) => {
  const problems = [];
  const box = el.getBoundingClientRect();
  const inCard = (r) => r.width > 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
  const region = el.matches('[role="region"]') ? el : el.querySelector('[role="region"]');
  if (region.scrollWidth > region.clientWidth + 1) {
    problems.push(`the table scrolls sideways (${region.scrollWidth}px in ${region.clientWidth}px)`);
  }
  el.querySelectorAll('td').forEach((td, i) => {
    const name = names[i % names.length];
    if (!inCard(td.getBoundingClientRect())) problems.push(`the ${name} cell reaches past the card`);
  });
  const shown = [...el.querySelectorAll('table *')]
    .filter((e) => e.children.length === 0 && inCard(e.getBoundingClientRect()));
  for (const name of names) {
    if (!shown.some((e) => e.textContent.trim() === name)) problems.push(`no ${name} label shows`);
  }
  return problems;
}, columns);

/**
 * smallControls lists the dashboard's antd controls on screen (buttons, inputs, selects and
 * their options) that are under 44 px tall or whose text is under 16 px.
 */
const smallControls = (page) => page.evaluate(() => {
  const controls = '.ant-btn, .ant-input, .ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-select-item-option';
  return [...document.querySelectorAll(controls)]
    // An input inside a wrapper (a password's eye) is measured by its wrapper.
    .filter((el) => el.getClientRects().length > 0 && !el.parentElement.closest('.ant-input-affix-wrapper'))
    .map((el) => {
      const { height } = el.getBoundingClientRect();
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      const name = `${el.className.split(' ')[0]} "${(el.textContent || el.getAttribute('placeholder') || el.id).trim()}"`;
      return height < 44 || size < 16 ? `${name}: ${Math.round(height)}px tall, ${size}px text` : '';
    })
    .filter(Boolean);
});

/** crowded lists the pairs of `buttons` (name and box) less than 8 px apart, side by side or stacked. */
const crowded = (buttons) => {
  const close = [];
  buttons.forEach((a, i) => buttons.slice(i + 1).forEach((b) => {
    const across = Math.max(0, b.box.x - (a.box.x + a.box.width), a.box.x - (b.box.x + b.box.width));
    const down = Math.max(0, b.box.y - (a.box.y + a.box.height), a.box.y - (b.box.y + b.box.height));
    const gap = Math.max(across, down);
    if (gap < 8) close.push(`${a.name} and ${b.name} are ${Math.round(gap)}px apart`);
  }));
  return close;
};

/** named answers each button of `locator` with its accessible name and box. */
const named = async (locator) => Promise.all((await locator.all()).map(async (button) => ({
  name: (await button.getAttribute('aria-label')) ?? (await button.textContent()).trim(),
  box: await button.boundingBox(),
})));

/** innerScrolls names the elements inside `box` that scroll up and down on their own. */
const innerScrolls = (box) => box.evaluate((el) => [...el.querySelectorAll('*')]
  .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)
  .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${e.scrollHeight}px in ${e.clientHeight}px)`));

export default function phones() {
  test('phones: no page scrolls sideways at 360, 390 or 430 px, and axe-core finds no serious or '
    + 'critical WCAG 2.1 A/AA violation on any page (phone and desktop)', { timeout: 600_000 }, async () => {
    const problems = [];
    for (const [account, paths] of await pagesOf()) {
      const page = await signedInPage(account, PHONE);
      for (const path of paths) {
        await page.setViewportSize(PHONE);
        await page.goto(path);
        await settle(page);
        for (const v of await seriousViolations(page)) problems.push(`${path} at ${PHONE.width}px: ${v}`);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: PHONE.height });
          const { extra, widest } = await overflow(page);
          if (extra > 0) problems.push(`${path} at ${width}px is ${extra}px too wide (${widest})`);
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        for (const v of await seriousViolations(page)) problems.push(`${path} at 1280px: ${v}`);
      }
      await page.context().close();
    }
    assert.deepEqual(problems, []);
  });

  test('phones: the search box, Login and the cart show without a tap; the menu reaches every other link',
    { timeout: 120_000 }, async () => {
    const page = await signedInPage(null, PHONE);
    for (const width of [320, ...WIDTHS]) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/');
      const header = await page.locator('.site-header').boundingBox();
      assert.ok(header.height <= 112, `the phone header is ${header.height}px high at ${width}px`);
      const always = [page.getByRole('searchbox', { name: 'Search' }), page.getByRole('button', { name: 'Search' }),
        page.getByRole('link', { name: 'Login', exact: true }), page.getByRole('link', { name: /^Cart/ }),
        page.getByRole('button', { name: 'Menu' })];
      for (const control of always) {
        const box = await control.boundingBox();
        const name = `${await control.getAttribute('aria-label') ?? await control.textContent()} at ${width}px`;
        assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${name} is on screen`);
        if (control !== always[0]) assert.ok(box.height >= 44, `${name} is a 44px tap target (${box.height}px)`);
      }
      assert.equal(Math.round((await always[0].boundingBox()).height), 40, `the search box is 40px high at ${width}px`);
      assert.equal((await overflow(page)).extra, 0, `the header scrolls sideways at ${width}px`);
    }
    await page.setViewportSize(PHONE);
    await page.getByRole('link', { name: 'Products', exact: true }).waitFor({ state: 'hidden' });
    const menu = page.getByRole('button', { name: 'Menu' });
    const [{ name: firstCategory }] = (await apiGet('category/get-category')).category;
    for (const [name, path] of [['Products', '/shop'], ['About', '/about'], ['Contact', '/contact']]) {
      await menu.click();
      const link = page.getByRole('link', { name, exact: true });
      const box = await link.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} is on screen`);
      assert.ok(box.height >= 44, `${name} is a 44px tap target (${box.height}px)`);
      await link.click();
      await at(page, path);
    }
    await menu.click();
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: firstCategory, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/category/'));
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await at(page, '/login');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('shirt');
    await box.press('Enter');
    await at(page, '/search');
    await page.context().close();
  });

  test('landscape phones: one header row; the last category can be reached', { timeout: 120_000 }, async () => {
    const LANDSCAPE = { width: 844, height: 390 };
    const page = await signedInPage(null, LANDSCAPE);
    await page.goto('/');
    const header = await page.locator('.site-header').boundingBox();
    assert.ok(header.height <= 64, `the landscape header is ${header.height}px high`);
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    // On the narrowest row that still holds the search box, the box gives way and the brand
    // keeps its whole name.
    await page.setViewportSize({ width: 600, height: 360 });
    const brand = await page.locator('.site-nav__brand').evaluate((b) => ({ whole: b.scrollWidth <= b.clientWidth, text: b.textContent }));
    assert.ok(brand.whole, `the brand "${brand.text}" is cut at 600 px`);
    const narrow = await page.locator('.site-header').boundingBox();
    assert.ok(narrow.height <= 64, `the 600 px landscape header is ${narrow.height}px high`);
    // A narrow desktop window keeps the wide header on one row, the cart shown by its icon
    // and still named Cart.
    await page.setViewportSize({ width: 1100, height: 800 });
    const wide = await page.locator('.site-header').boundingBox();
    assert.ok(wide.height <= 64, `the 1100 px header is ${wide.height}px high`);
    await page.getByRole('link', { name: /^Cart/ }).waitFor();
    await page.setViewportSize(LANDSCAPE);
    const categories = (await apiGet('category/get-category')).category;
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Categories' }).click();
    const last = page.getByRole('list', { name: 'Categories' })
      .getByRole('link', { name: categories[categories.length - 1].name, exact: true });
    await last.scrollIntoViewIfNeeded();
    const box = await last.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= LANDSCAPE.height, `the last category shows at ${box.y}px`);
    await last.click();
    await page.waitForURL((url) => url.pathname.startsWith('/category/'));
    await page.context().close();
  });

  test('phones: the account menu stays on screen, over a toast, and the phone menu under the filter drawer; Add to Cart shows without scrolling', { timeout: 120_000 }, async () => {
    const page = await signedInPage(DEMO_SHOPPER, PHONE);
    // A toast (Item Added to cart, 2 s) still shows as the shopper opens the account menu.
    const plain = (await apiGet('product/get-product')).products.find((p) => !p.variants?.length && p.quantity > 0);
    await page.goto(`/product/${plain.slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText('Item Added to cart').waitFor();
    await page.getByRole('button', { name: /Account menu of / }).click();
    const link = page.getByRole('link', { name: 'Dashboard' });
    const dashboard = await link.boundingBox();
    assert.ok(dashboard.x >= 0 && dashboard.x + dashboard.width <= PHONE.width, 'the account menu is on screen');
    assert.ok(await page.getByText('Item Added to cart').isVisible(), 'the toast still shows');
    const tapped = await link.evaluate((a) => {
      const box = a.getBoundingClientRect();
      return a.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    assert.ok(tapped, 'a tap on Dashboard reaches the link, not the toast over it');
    await page.evaluate(() => localStorage.removeItem('cart'));
    // The phone menu, left open, stays under the filter drawer opened beside it.
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const heading = page.locator('.filters__title');
    await heading.waitFor();
    const seen = await heading.evaluate((h) => {
      const box = h.getBoundingClientRect();
      return h.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    assert.ok(seen, 'the open phone menu covers the filter drawer\'s heading');
    const [product] = (await apiGet('product/product-list/1')).products;
    await page.goto(`/product/${product.slug}`);
    const add = await page.getByRole('button', { name: 'Add to Cart' }).first().boundingBox();
    assert.ok(add.y + add.height <= PHONE.height, `Add to Cart ends at ${add.y + add.height}px of ${PHONE.height}`);
    await settle(page);
    await snap(page, 'phone-product');
    await page.goto('/shop');
    await settle(page);
    await snap(page, 'phone-shop');
    await page.context().close();
  });

  test('landscape phones: a card\'s Add to Cart for a product with sizes shows the sizes and what to choose', { timeout: 120_000 }, async () => {
    const LANDSCAPE = { width: 740, height: 360 };
    const page = await signedInPage(null, LANDSCAPE);
    const sized = (await apiGet('product/get-product')).products.find((p) => p.variants?.some((v) => v.quantity > 0));
    await page.goto(`/search`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(sized.name);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    const card = page.getByRole('article', { name: sized.name, exact: true });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === `/product/${sized.slug}`);
    const request = page.getByRole('alert').filter({ hasText: /^Choose a / });
    await request.waitFor();
    await page.waitForFunction(() => document.activeElement?.type === 'radio');
    const box = await request.boundingBox();
    assert.ok(box.y + box.height <= LANDSCAPE.height, `what to choose ends at ${box.y + box.height}px of ${LANDSCAPE.height}`);
    const focused = await page.evaluate(() => document.activeElement.getBoundingClientRect().top);
    const headerBottom = await page.evaluate(() => document.querySelector('.site-header').getBoundingClientRect().bottom);
    assert.ok(focused >= headerBottom, `the first size, focused, shows at ${focused}px, under the header ending at ${headerBottom}px`);
    await page.context().close();
  });

  test('phones: a field that takes focus shows clear of the sticky header, and a toast shows under it', { timeout: 120_000 }, async () => {
    const SHORT = { width: 360, height: 440 }; // a phone with its keyboard up
    const page = await signedInPage(DEMO_SHOPPER, SHORT);
    await page.goto('/dashboard/user/profile');
    await page.getByLabel('Address').focus();
    const headerBottom = () => page.evaluate(() => document.querySelector('.site-header').getBoundingClientRect().bottom);
    for (const label of ['Phone', 'Password', 'Name']) {
      await page.keyboard.press('Shift+Tab');
      const field = await page.getByLabel(label, { exact: true }).boundingBox();
      assert.ok(field.y >= await headerBottom(), `${label} at ${field.y}px, under the header ending at ${await headerBottom()}px`);
    }
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile Updated Successfully').waitFor();
    // Toasts slide in from above: where they come to rest is their block's top.
    const toasts = await page.evaluate(() => document.querySelector('[data-rht-toaster]').getBoundingClientRect().top);
    assert.ok(toasts >= await headerBottom(), `toasts rest at ${toasts}px, over the header ending at ${await headerBottom()}px`);
    await page.context().close();
  });

  test('phones: each banner of the home says its offer in letters at least 12 px tall', { timeout: 120_000 }, async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    const banners = await page.locator('.carousel img').evaluateAll((imgs) =>
      imgs.map((img) => ({ src: img.getAttribute('src'), width: img.getBoundingClientRect().width })));
    await page.context().close();
    assert.equal(banners.length, 3);
    const small = [];
    for (const { src, width } of banners) {
      // An image lays itself out at the size it is drawn: open the banner alone in a window that
      // wide, and scale its letters from the art's own units to the phone's pixels.
      const art = await newPage({ width: Math.round(width), height: Math.round(width / 3) });
      await art.goto(src);
      const letters = await art.evaluate((drawn) => {
        const scale = drawn / document.documentElement.viewBox.baseVal.width;
        return [...document.querySelectorAll('text')].map((text) =>
          ({ text: text.textContent, px: Number.parseFloat(getComputedStyle(text).fontSize) * scale }));
      }, width);
      small.push(...letters.filter((l) => l.px < 12).map((l) => `${src} "${l.text}": ${l.px.toFixed(1)} px`));
      await art.context().close();
    }
    assert.deepEqual(small, []);
  });

  test('phones: order titles show whole and small links are 44 px tall', { timeout: 120_000 }, async () => {
    const order = await placeOrder(DEMO_SHOPPER);
    const problems = [];
    const page = await signedInPage(DEMO_SHOPPER, PHONE);
    const short = async (link, at) => {
      if ((await link.boundingBox()).height < 44) problems.push(`${await tapHeight(link)} tall ${at}`);
    };
    for (const width of WIDTHS) {
      const at = `at ${width}px`;
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/dashboard/user/orders');
      const card = page.getByRole('article', { name: 'Order #1' });
      await card.waitFor();
      const cut = await cutText(card.getByRole('heading', { name: 'Order #1' }));
      if (cut) problems.push(`the order card's title ${at}: ${cut}`);
      await short(page.getByRole('link', { name: 'Clothing Shop' }), at);
      await short(card.getByRole('link', { name: 'View order #1' }), at);
      await page.goto(`/dashboard/user/orders/${order._id}`);
      await short(page.getByRole('link', { name: '← All your orders' }), at);
    }
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('phones: the sign-in pages\' text links, the account menu\'s and admin menu\'s links and the admin lists\' pager '
    + 'are 44 x 44 px tap targets, the pager one row', { timeout: 120_000 }, async () => {
    const problems = [];
    const short = async (link, at) => {
      const { width, height } = await link.boundingBox();
      if (height < 44 || width < 44) {
        problems.push(`${(await link.textContent()).trim()}: ${Math.round(width)}x${Math.round(height)}px ${at}`);
      }
    };
    const visitor = await newPage(PHONE);
    const admin = await signedInPage(DEMO_ADMIN, PHONE);
    for (const width of WIDTHS) {
      const at = `at ${width}px`;
      await visitor.setViewportSize({ width, height: PHONE.height });
      const links = [['/login', 'Register'], ['/register', 'Login'], ['/forget-password', 'Get a reset link by email'],
        ['/reset-password', 'Back to login'], ['/reset-password?token=expired', 'Ask for a new one']];
      for (const [path, name] of links) {
        await visitor.goto(path);
        await short(visitor.getByRole('main').getByRole('link', { name, exact: true }), `on ${path} ${at}`);
      }
      await admin.setViewportSize({ width, height: PHONE.height });
      await admin.goto('/');
      await admin.getByRole('button', { name: /Account menu of / }).click();
      for (const name of ['Dashboard', 'Logout']) {
        await short(admin.getByRole('link', { name, exact: true }), `in the account menu ${at}`);
      }
      for (const path of ['/dashboard/admin/products?page=4', '/dashboard/admin/users']) {
        await admin.goto(path);
        const pager = admin.locator('ul.pager');
        await pager.waitFor();
        const rows = new Set();
        for (const item of await pager.locator('li').all()) {
          if (!(await item.isVisible())) continue;
          await short(item, `in the pager of ${path} ${at}`);
          rows.add(Math.round((await item.boundingBox()).y));
        }
        if (rows.size !== 1) problems.push(`the pager of ${path} ${at} takes ${rows.size} rows`);
      }
    }
    // The admin's menu: a wrapped row on phones, a column beside the page on a desktop.
    for (const width of [...WIDTHS, 1280]) {
      await admin.setViewportSize({ width, height: PHONE.height });
      await admin.goto('/dashboard/admin');
      const menu = admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link');
      await menu.first().waitFor();
      for (const link of await menu.all()) await short(link, `in the admin menu at ${width}px`);
    }
    await visitor.context().close();
    await admin.context().close();
    assert.deepEqual(problems, []);
  });

  test('phones: the dashboards\' antd controls are 44 px tall with 16 px text; a desktop keeps 32 px',
    { timeout: 180_000 }, async () => {
    const order = await placeOrder(DEMO_SHOPPER);
    const { products: [product] } = await apiGet('product/browse?size=M&limit=1');
    const problems = [];
    // antd animates a control to its size (and a dialog or a list as it opens): measure once
    // that is over, or after 3 s.
    const check = async (page, what) => {
      let small = await smallControls(page);
      for (const deadline = Date.now() + 3000; small.length > 0 && Date.now() < deadline;) {
        await page.waitForTimeout(200);
        small = await smallControls(page);
      }
      for (const p of small) problems.push(`${what}: ${p}`);
    };
    const shopper = await signedInPage(DEMO_SHOPPER, PHONE);
    await shopper.goto('/dashboard/user/profile');
    await shopper.getByRole('button', { name: 'Update' }).waitFor();
    await check(shopper, 'the profile');
    await shopper.goto(`/dashboard/user/orders/${order._id}`);
    await shopper.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = shopper.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await dialog.getByRole('button', { name: 'Keep order' }).waitFor();
    await check(shopper, 'the order and its Cancel dialog');
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    // At the narrowest phone the order's number stays on one line, and the dialog's title
    // keeps clear of its 44 px close button.
    await shopper.setViewportSize({ width: WIDTHS[0], height: PHONE.height });
    const lines = await shopper.locator('#order-heading .order-number').evaluate((el) => el.getClientRects().length);
    if (lines !== 1) problems.push(`the order number takes ${lines} lines at ${WIDTHS[0]}px`);
    await shopper.getByRole('button', { name: 'Cancel order' }).click();
    const close = dialog.getByRole('button', { name: 'Close' });
    await close.waitFor();
    // The dialog zooms in as it opens: measure once no animation runs in it (antd's motion
    // keeps its zoom, paused or running, on the dialog from its first frame to its last), or
    // after 3 s, as check() does.
    await dialog.evaluate((el) => new Promise((resolve) => {
      const root = el.closest('.ant-modal-root') ?? el;
      const deadline = performance.now() + 3000;
      const settled = () => (root.getAnimations({ subtree: true }).length === 0 || performance.now() > deadline
        ? resolve() : requestAnimationFrame(settled));
      requestAnimationFrame(settled);
    }));
    // The title's text, not its box: a block as wide as the dialog.
    const t = await dialog.locator('.ant-modal-title').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
    const c = await close.boundingBox();
    if (t.x + t.width > c.x && t.y < c.y + c.height && c.y < t.y + t.height) {
      problems.push(`the Cancel dialog's title runs under its close button at ${WIDTHS[0]}px`);
    }
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await shopper.context().close();

    const admin = await signedInPage(DEMO_ADMIN, PHONE);
    for (const path of ['/dashboard/admin/create-category', '/dashboard/admin/create-product',
      `/dashboard/admin/product/${product.slug}`]) {
      await admin.goto(path);
      await settle(admin);
      await admin.locator('.ant-btn').first().waitFor();
      await check(admin, path);
    }
    await admin.goto('/dashboard/admin/orders');
    const status = admin.getByRole('article', { name: 'Order #1' }).getByRole('combobox');
    await status.click();
    await admin.locator('.ant-select-item-option').first().waitFor();
    await check(admin, 'the orders and an open status list');
    await admin.keyboard.press('Escape');

    // A desktop keeps antd's own 32 px controls.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/dashboard/admin/create-category');
    const edit = admin.getByRole('button', { name: /^Edit / }).first();
    await edit.waitFor();
    assert.equal(Math.round((await edit.boundingBox()).height), 32, 'Edit is 32 px tall at 1280px');
    await admin.context().close();
    assert.deepEqual(problems, []);
  });

  test('buttons that act at once stand at least 8 px apart; Update and Delete Product line up',
    { timeout: 120_000 }, async () => {
    const [product] = (await apiGet('product/product-list/1')).products;
    const problems = [];
    const page = await signedInPage(DEMO_ADMIN, PHONE);
    for (const width of [...WIDTHS, 1280]) {
      const at = `at ${width}px`;
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/dashboard/admin/create-category');
      const table = page.getByRole('region', { name: 'Categories' });
      await table.getByRole('button', { name: /^Delete / }).first().waitFor();
      for (const p of crowded(await named(table.getByRole('button')))) problems.push(`categories ${at}: ${p}`);
      await page.goto(`/dashboard/admin/product/${product.slug}`);
      const update = page.getByRole('button', { name: 'UPDATE PRODUCT' });
      await update.waitFor();
      const pair = await named(page.getByRole('button', { name: /^(UPDATE|DELETE) PRODUCT$/ }));
      for (const p of crowded(pair)) problems.push(`product ${at}: ${p}`);
      const [a, b] = pair.map((button) => button.box);
      const inRow = Math.abs(a.y - b.y) < 1;
      if (!inRow && Math.abs(a.x - b.x) >= 1) problems.push(`product ${at}: DELETE sits ${Math.round(b.x - a.x)}px right of UPDATE`);
    }
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('phones: the storefront\'s text fields are 44 px tall, the header search 40 px; the price fields have 16 px text',
    { timeout: 120_000 }, async () => {
    const [product] = (await apiGet('product/product-list/1')).products;
    const problems = [];
    const page = await signedInPage(DEMO_SHOPPER, PHONE);
    await page.addInitScript((cart) => localStorage.setItem('cart', cart), JSON.stringify([product]));
    const fields = async (path, ready) => {
      await page.goto(path);
      await ready.waitFor();
      const found = await page.locator('main input.text-input').evaluateAll((inputs) => inputs
        .filter((input) => input.getClientRects().length > 0)
        .map((input) => ({ name: input.labels[0]?.textContent, height: input.getBoundingClientRect().height })));
      if (found.length === 0) problems.push(`${path} has no text field`);
      for (const { name, height } of found.filter((f) => f.height < 44)) {
        problems.push(`${path}: ${name} is ${Math.round(height)}px tall`);
      }
    };
    await fields('/cart', page.getByRole('form', { name: 'Card payment' }));
    for (const path of ['/login', '/register', '/forget-password', '/reset-password', '/reset-password?token=abc']) {
      await fields(path, page.locator('form.auth-form'));
    }
    const search = await page.getByRole('searchbox', { name: 'Search' }).boundingBox();
    if (Math.round(search.height) !== 40) problems.push(`the header search is ${search.height}px tall`);

    await page.goto('/shop');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const prices = page.getByRole('dialog', { name: 'Filters' }).getByRole('spinbutton');
    for (const size of await prices.evaluateAll((inputs) => inputs.map((i) => getComputedStyle(i).fontSize))) {
      if (size !== '16px') problems.push(`a price field has ${size} text`);
    }
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('phones and tablets: the admin\'s order table and the variants editor fit the screen, their headers whole',
    { timeout: 120_000 }, async () => {
    await placeOrder(DEMO_SHOPPER);
    // A product sold in sizes and colours, with the demo's SKUs: the variants journey gives a
    // product of sizes alone a new size whose generated SKU (its name and a random suffix) may
    // be longer than a 320 px phone's field, as any long value is.
    const { products } = await apiGet('product/browse?size=M&limit=12');
    const product = products.find((p) => p.options.length === 2) ?? products[0];
    const columns = ['#', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity'];
    const problems = [];
    const page = await signedInPage(DEMO_ADMIN, PHONE);
    // 768 and 844: a tablet and a landscape phone, where fixed field widths once squeezed the
    // variant's name to a letter a line and split the order table's headers ("Payme/nt").
    for (const width of [320, ...WIDTHS, 768, 844]) {
      const at = `at ${width}px`;
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/dashboard/admin/orders');
      const order = page.getByRole('article', { name: 'Order #1' });
      await order.getByRole('combobox').waitFor();
      for (const p of await tableProblems(order, columns)) problems.push(`admin orders ${at}: ${p}`);
      for (const p of await brokenWords(order)) problems.push(`admin orders ${at}: ${p}`);
      await page.goto(`/dashboard/admin/product/${product.slug}`);
      const editor = page.getByRole('region', { name: 'Variants' });
      await editor.getByRole('textbox').first().waitFor();
      for (const p of await unreadableInputs(editor)) problems.push(`the variants editor ${at}: ${p}`);
      for (const p of await brokenWords(editor)) problems.push(`the variants editor ${at}: ${p}`);
    }
    // A desktop keeps the order table as a table with its header row.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/admin/orders');
    const header = page.getByRole('article', { name: 'Order #1' })
      .getByRole('columnheader', { name: 'Payment' });
    assert.ok((await header.boundingBox())?.width > 1, 'the order table shows its header row at 1280px');
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('phones: the admin\'s user list shows every column without a scroll, long emails wrapped',
    { timeout: 120_000 }, async () => {
    const email = `a.very.long.address.that.wraps.${unique()}@a-long-company-domain.example.com`;
    const registered = await apiPost('auth/register', { name: 'Alexandria Montgomery-Worthington', email,
      password: 'secret123', phone: '+44 7700 900123', address: '1 Long Road', answer: 'blue' });
    assert.equal(registered.status, 201, registered.body.message);
    const problems = [];
    const page = await signedInPage(DEMO_ADMIN, PHONE);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/dashboard/admin/users');
      const users = page.getByRole('region', { name: 'Users' });
      await users.getByText(email).waitFor();
      for (const p of await tableProblems(users, ['Name', 'Email', 'Phone'])) {
        problems.push(`users at ${width}px: ${p}`);
      }
    }
    // A desktop keeps the table with its header row.
    await page.setViewportSize({ width: 1280, height: 900 });
    const header = page.getByRole('region', { name: 'Users' }).getByRole('columnheader', { name: 'Phone' });
    assert.ok((await header.boundingBox())?.width > 1, 'the user table shows its header row at 1280px');
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('phones: the product form shows a product\'s whole description', { timeout: 120_000 }, async () => {
    const [product] = (await apiGet('product/product-list/1')).products;
    const problems = [];
    const page = await signedInPage(DEMO_ADMIN, PHONE);
    await page.goto(`/dashboard/admin/product/${product.slug}`);
    const description = page.getByLabel('Description', { exact: true });
    await page.waitForFunction(() => document.querySelector('#product-description')?.value);
    for (const width of [...WIDTHS, 1280]) {
      await page.setViewportSize({ width, height: PHONE.height });
      // The box follows the width once the page has laid itself out again.
      await page.waitForFunction((el) => el.scrollHeight <= el.clientHeight + 1, await description.elementHandle(),
        { timeout: 2000 }).catch(() => {});
      const { inside, shown } = await description.evaluate((el) => ({ inside: el.scrollHeight, shown: el.clientHeight }));
      if (inside > shown + 1) problems.push(`at ${width}px the description needs ${inside}px, has ${shown}px`);
    }
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('filters: the drawer and the desktop panel show the first 8 values of each list and a Show all '
    + 'button (44 px tall on phones) that shows every value, none scrolling inside the panel',
  { timeout: 120_000 }, async () => {
    const { facets } = await apiGet('product/browse?limit=1');
    const lists = [['Category', facets.category.length], ['Size', facets.size.length],
      ['Colour', facets.colour.length]];
    const problems = [];
    /** checkLists opens each list of `panel` as a person would and notes what it does not show. */
    const checkLists = async (panel, at) => {
      for (const [name, count] of lists) {
        const group = panel.getByRole('group', { name });
        const shown = () => group.getByRole('checkbox').count();
        const first = await shown();
        if (first !== Math.min(count, 8)) problems.push(`${at} ${name} first shows ${first} of ${count} values`);
        const more = group.getByRole('button', { name: `Show all ${count}` });
        if (count <= 8) {
          if (await group.getByRole('button').count() !== 0) problems.push(`${at} ${name} of ${count} has a button`);
          continue;
        }
        if (await more.getAttribute('aria-expanded') !== 'false') problems.push(`${at} ${name}: Show all is not collapsed`);
        const height = (await more.boundingBox()).height;
        if (at.startsWith('the drawer') && height < 44) problems.push(`${at} ${name}: ${await tapHeight(more)} tall`);
        await more.click();
        const all = await shown();
        if (all !== count) problems.push(`${at} ${name} shows ${all} of ${count} values after Show all`);
        for (const sc of await innerScrolls(group)) problems.push(`${at} ${name}: ${sc} scrolls inside the panel`);
        await group.getByRole('button', { name: 'Show fewer', expanded: true }).click();
        if (await shown() !== first) problems.push(`${at} ${name} does not collapse again from Show fewer`);
      }
    };
    const page = await newPage(PHONE);
    await page.goto('/shop');
    await page.getByRole('list', { name: 'Products' }).getByRole('article').first().waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    for (const s of await innerScrolls(drawer)) problems.push(`the drawer: ${s} scrolls inside it`);
    // Each row a finger ticks (a value, In stock only) is a 44 px tap target.
    const rows = await drawer.locator('.filters__check').evaluateAll((labels) =>
      labels.map((l) => ({ text: l.textContent, height: l.getBoundingClientRect().height })));
    if (rows.length === 0) problems.push('the drawer has no rows to tick');
    for (const { text, height } of rows.filter((r) => r.height > 0 && r.height < 44)) {
      problems.push(`the drawer's row "${text}" is ${Math.round(height)}px tall`);
    }
    await checkLists(drawer, `the drawer at ${PHONE.width}px`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop');
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.getByRole('group', { name: 'Colour' }).waitFor();
    await checkLists(panel, 'at 1280px');
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('the Filters button and Show N results belong to the phone drawer: a desktop shows neither',
    { timeout: 60_000 }, async () => {
    const [category] = (await apiGet('category/get-category')).category;
    const page = await newPage({ width: 1280, height: 900 });
    for (const path of ['/shop', `/category/${category.slug}`]) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await page.getByRole('list', { name: 'Products' }).getByRole('article').first().waitFor();
      const open = page.getByRole('button', { name: /^Filters/, includeHidden: true });
      const close = page.getByRole('button', { name: /^Show \d+ results?$/, includeHidden: true });
      assert.equal(await open.count(), 1, `${path}: one Filters button`);
      assert.equal(await close.count(), 1, `${path}: one Show results button`);
      const panel = page.getByRole('region', { name: 'Filters' });
      assert.equal(await panel.isVisible(), true, `${path}: the panel shows`);
      assert.equal(await open.isVisible(), false, `${path} at 1280 px shows the Filters button`);
      assert.equal(await close.isVisible(), false, `${path} at 1280 px shows Show results`);
      await page.setViewportSize(PHONE);
      assert.equal(await open.isVisible(), true, `${path} at ${PHONE.width} px hides the Filters button`);
    }
    await page.context().close();
  });

  test('phones: a slow API shows skeletons, a failing one Try again, which recovers', { timeout: 120_000 }, async () => {
    const page = await signedInPage(null, PHONE);
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/api/v1/product/browse**', async (route) => {
      await held;
      await route.continue();
    });
    // A sorted list: the shop's plain first page comes drawn by the server with its answer.
    await page.goto('/shop?sort=name');
    await page.locator('[aria-busy="true"] .product-card--skeleton').first().waitFor();
    assert.equal(await page.getByText('0 result found').count(), 0);
    release();
    await page.getByRole('list', { name: 'Products' }).getByRole('article').first().waitFor();
    await page.unroute('**/api/v1/product/browse**');

    // The category page names its category from the category list: with that list failing it
    // shows Try again, never a "Category -" heading without a name. Opened directly, the page
    // comes with the list's answer in it: the list fails on a page without it (/about), and the
    // category page is then opened in the shop, as Back or Forward opens it.
    await page.route('**/api/v1/category/get-category**', (route) => route.fulfill({
      status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal error.' }),
    }));
    const [category] = (await apiGet('category/get-category')).category;
    await page.goto('/about');
    await page.locator('#root a[data-discover]').first().waitFor();
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/category/${category.slug}`);
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    assert.equal(await page.getByText(/^Category - /).count(), 0, 'no "Category -" heading without a category');
    await page.unroute('**/api/v1/category/get-category**');
    await retry.click();
    await page.getByText(`Category - ${category.name}`).waitFor();
    await page.context().close();
  });
}
