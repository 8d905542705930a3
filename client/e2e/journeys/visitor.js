// A visitor browses without signing in: home, the shop with Load more, a product, a category,
// search, and a cart that survives a reload. What the pages show is compared with what the
// running API holds, so the journey follows the catalogue rather than hard-coding it.
import assert from 'node:assert/strict';
import {
  apiGet, at, buyable, chooseVariant, eventually, expectBadge, itemPrice, journey, price, see, snap,
} from '../helpers.js';

const cards = (page) => page.getByRole('list', { name: 'Products' }).getByRole('article');

export default function visitor() {
  journey('visitor: home, shop, product, category, search and cart', async ({ page, step }) => {
    const { total } = await apiGet('product/product-count');
    const firstPage = (await apiGet('product/product-list/1')).products;
    assert.ok(total > firstPage.length, `the demo catalogue needs more than one shop page (has ${total})`);

    await step('home shows the carousel, 3 featured items and 3 category tiles', async () => {
      await page.goto('/');
      await see(page, 'Trending Now');
      await see(page, 'Shop by Category');
      await page.getByRole('img', { name: 'New season arrivals' }).waitFor();
      assert.equal(await page.locator('[aria-roledescription="slide"] img').count(), 3);
      assert.equal(await page.getByRole('button', { name: 'Explore' }).count(), 3);
      // A mouse click on the carousel's buttons leaves it playing; keyboard focus coming in pauses it.
      await page.getByRole('button', { name: 'Next slide' }).click();
      await page.getByRole('button', { name: 'Pause slides' }).waitFor();
      await page.getByRole('button', { name: 'Next slide' }).blur();
      await page.getByRole('button', { name: 'Previous slide' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await page.getByRole('button', { name: 'Play slides' }).waitFor();
      await page.getByRole('button', { name: 'Play slides' }).click();
      await see(page, '© Sanjay 2024. All rights reserved');
      await expectBadge(page, 0);
      await snap(page, 'home');
    });

    await step('Explore opens the shop; Load more appends pages until every product shows', async () => {
      await page.getByRole('button', { name: 'Explore' }).first().click();
      await at(page, '/shop');
      await see(page, 'All Products');
      await eventually(() => cards(page).count(), firstPage.length, 'cards on the first page');
      await page.getByRole('article', { name: firstPage[0].name }).first().waitFor();
      await snap(page, 'shop');
      const loadMore = page.getByRole('button', { name: 'Load more' });
      let shown = firstPage.length;
      while (shown < total) {
        await loadMore.click();
        const expected = Math.min(total, shown + firstPage.length);
        await eventually(() => cards(page).count(), expected, `cards after Load more (${shown} before)`);
        shown = expected;
      }
      await eventually(() => loadMore.count(), 0, 'Load more hides once all are loaded');
    });

    const product = firstPage[0];
    await step('a product page shows its details; Add to Cart goes to the cart', async () => {
      await page.goto('/shop');
      await page.getByRole('article', { name: product.name }).first().getByRole('link', { name: 'More Details' }).click();
      await at(page, `/product/${product.slug}`);
      await see(page, 'Product Details');
      await page.getByRole('heading', { name: product.name, exact: true }).waitFor();
      await see(page, `Price: ${price(product.price)}`);
      if (product.options?.length) await chooseVariant(page, product);
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await see(page, 'Item Added to cart');
      await at(page, '/cart');
      await expectBadge(page, 1);
    });

    const categories = (await apiGet('category/get-category')).category;
    let category;
    let inCategory = [];
    for (const c of categories) {
      inCategory = (await apiGet(`product/product-category/${c.slug}`)).products;
      if (inCategory.length > 0) {
        category = c;
        break;
      }
    }
    assert.ok(category, 'the demo catalogue needs a category with products');
    await step('the Categories menu opens a category page with its products', async () => {
      await page.getByRole('button', { name: 'Categories' }).click();
      await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: category.name, exact: true }).click();
      await at(page, `/category/${category.slug}`);
      await see(page, `Category - ${category.name}`);
      await see(page, `${inCategory.length} result found`);
      await eventually(() => cards(page).count(), inCategory.length, 'cards of the category');
    });

    const second = inCategory[0];
    await step('a second item from the category page raises the badge to 2', async () => {
      await page.getByRole('article', { name: second.name }).first().getByRole('button', { name: 'Add to Cart' }).click();
      if (second.options?.length) {
        // A card cannot choose a size: its Add to Cart opens the product page, which asks.
        await at(page, `/product/${second.slug}`);
        await see(page, /^Choose a size/);
        await chooseVariant(page, second);
        await page.getByRole('button', { name: 'Add to Cart' }).click();
      }
      await see(page, 'Item Added to cart');
      await at(page, '/cart');
      await expectBadge(page, 2);
    });

    const total2 = Math.round((itemPrice(product, buyable(product)) + itemPrice(second, buyable(second))) * 100) / 100;
    await step('the cart lists both items with their total and survives a reload', async () => {
      await see(page, 'Hello Guest');
      await see(page, 'You have 2 item(s) in your cart, please login to checkout');
      await see(page, `Total : ${price(total2)}`);
      await page.reload();
      await expectBadge(page, 2);
      await see(page, `Total : ${price(total2)}`);
      const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('article');
      assert.equal(await lines.count(), 2);
    });

    await step('Remove takes one line out, even double-clicked; checkout asks to log in', async () => {
      // The second click lands on the Remove of the line that moved up under the pointer.
      await page.getByRole('list', { name: 'Cart items' }).getByRole('article').first()
        .getByRole('button', { name: 'Remove' }).dblclick();
      await expectBadge(page, 1);
      await see(page, 'You have 1 item(s) in your cart, please login to checkout');
      await see(page, `Total : ${price(itemPrice(second, buyable(second)))}`);
      await page.getByRole('button', { name: 'Please Login to Checkout' }).click();
      await at(page, '/login');
    });

    const word = product.name.split(/\s+/)[0];
    await step('search shows Found N product(s) and opens a result', async () => {
      const results = await apiGet(`product/search/${encodeURIComponent(word)}`);
      assert.ok(results.length > 0, `search for ${word} finds the product it came from`);
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.fill(word);
      await box.press('Enter');
      await at(page, '/search');
      await see(page, `Found ${results.length} product(s)`);
      await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: results[0].name, exact: true }).first().click();
      await at(page, `/product/${results[0].slug}`);
    });

    await step('a search that matches nothing shows No Products Found', async () => {
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.fill('zzqx-no-such-garment');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await at(page, '/search');
      await see(page, 'No Products Found');
      await expectBadge(page, 1);
    });
  });
}
