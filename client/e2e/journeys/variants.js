// Sizes and colours: a shopper on a phone filters the shop by size and colour in the filter
// drawer, finds the same list again after a reload and after Back, picks a size on a product,
// adds it, pays, and sees the size on the order; an admin adds a size to a product and sets
// its stock, and the product page offers it.
import assert from 'node:assert/strict';
import {
  DEMO_ADMIN, apiGet, apiPost, at, chooseVariant, eventually, expectBadge, field, itemPrice, journey, login, price, see,
  signIn, sizeText, tick, unique,
} from '../helpers.js';

const cards = (page) => page.getByRole('list', { name: 'Products' }).getByRole('article');
const facet = (page, group, value) =>
  page.getByRole('group', { name: group }).getByRole('checkbox', { name: new RegExp(`^${value} \\(`) });

/** target picks a size and colour that some in-stock product has, and the first such product. */
async function target() {
  const size = 'M';
  const { facets } = await apiGet(`product/browse?size=${size}&inStock=true`);
  const colour = facets.colour.find((f) => f.count > 0)?.value;
  assert.ok(colour, 'the demo catalogue needs a product in size M with colours');
  const found = await apiGet(`product/browse?size=${size}&colour=${encodeURIComponent(colour)}&inStock=true&limit=6`);
  const product = found.products[0];
  const variant = product.variants.find((v) => v.options.Size === size && v.options.Colour === colour && v.quantity > 0);
  assert.ok(variant, `${product.name} has ${size} in ${colour}`);
  return { size, colour, total: found.total, product, variant };
}

export default function variants() {
  journey('variants: filter by size and colour on a phone, buy a size and see it on the order', async ({ page, step }) => {
    const shopper = { name: 'Ada Sizes', email: `ada-${unique()}@example.test`, password: 'secret-ada' };
    const made = await apiPost('auth/register', { ...shopper, phone: '555 0102', address: '2 Loom Lane, Pune', answer: 'x' });
    assert.equal(made.status, 201, made.body.message);
    const { size, colour, total, product, variant } = await target();
    const stockBefore = variant.quantity;

    await step('on a 360 px phone the filters open in a drawer; the page does not scroll sideways', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/shop');
      await cards(page).first().waitFor();
      assert.equal(await page.getByRole('region', { name: 'Filters' }).isVisible(), false, 'the panel waits in its drawer');
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      await tick(facet(page, 'Size', size));
      await tick(facet(page, 'Colour', colour));
      await tick(page.getByRole('checkbox', { name: 'In stock only' }));
      await page.getByRole('button', { name: `Show ${total} ${total === 1 ? 'result' : 'results'}` }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `the page is ${wide} px wide at 360 px`);
    });

    await step('the filters live in the address: a reload shows the same list', async () => {
      await see(page, `${total} product(s)`);
      const params = new URL(page.url()).searchParams;
      assert.equal(params.get('size'), size);
      assert.equal(params.get('colour'), colour);
      assert.equal(params.get('inStock'), 'true');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.reload();
      await see(page, `${total} product(s)`);
      assert.equal(await facet(page, 'Size', size).isChecked(), true);
      await eventually(() => cards(page).count(), Math.min(total, 6), 'cards of the filtered list');
    });

    await step('Back from a product returns to the filtered list', async () => {
      const filtered = page.url();
      await page.getByRole('article', { name: product.name }).first().getByRole('link', { name: 'More Details' }).click();
      await at(page, `/product/${product.slug}`);
      await page.goBack();
      await eventually(() => page.url(), filtered, 'the address after Back');
      await see(page, `${total} product(s)`);
    });

    await step('Add to Cart asks for a size, then adds the one chosen', async () => {
      await page.goto(`/product/${product.slug}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await see(page, /^Choose a size/);
      await at(page, `/product/${product.slug}`);
      await chooseVariant(page, product, variant);
      await see(page, `Price: ${price(itemPrice(product, variant))}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await see(page, 'Item Added to cart');
      await at(page, '/cart');
      await expectBadge(page, 1);
      await see(page, sizeText(product, variant));
    });

    await step('pay and see the size on the order', async () => {
      await page.getByRole('button', { name: 'Please Login to Checkout' }).click();
      await signIn(page, shopper);
      await at(page, '/cart');
      await field(page, 'Card Number').fill('4242424242424242');
      await field(page, 'Expiry (MMYY)').fill('1230');
      await field(page, 'CVV').fill('123');
      await page.getByRole('button', { name: /^Pay\b/ }).click();
      await see(page, 'Payment Completed Successfully', { timeout: 30_000 });
      await at(page, '/dashboard/user/orders');
      const order = page.getByRole('article', { name: 'Order #1' });
      await order.getByText(product.name, { exact: true }).first().waitFor();
      await order.getByText(sizeText(product, variant), { exact: true }).waitFor();
      const after = (await apiGet(`product/get-product/${product.slug}`)).product;
      assert.equal(after.variants.find((v) => v._id === variant._id).quantity, stockBefore - 1, 'one unit of that size sold');
    });
  });

  journey('variants: an admin adds a size to a product and sets its stock', async ({ page, step }) => {
    const { products } = await apiGet('product/browse?size=M&limit=12');
    const product = products.find((p) => p.options.length === 1) ?? products[0];
    const sizes = product.options[0].values;
    const added = `XXXL${unique().slice(-3).toUpperCase()}`;

    await step('open the product in the admin area', async () => {
      await login(page, DEMO_ADMIN);
      await page.goto(`/dashboard/admin/product/${product.slug}`);
      await field(page, 'Name').waitFor();
      assert.equal(await field(page, 'Option 1 values').inputValue(), sizes.join(', '));
    });

    await step('add a size, generate its rows and set the stock of the new one', async () => {
      await field(page, 'Option 1 values').fill([...sizes, added].join(', '));
      await page.getByRole('button', { name: 'Generate combinations' }).click();
      const row = product.options.length === 1 ? added : `${added} / ${product.options[1]?.values[0]}`;
      await field(page, `Stock of ${row}`).fill('7');
      await page.getByRole('button', { name: 'UPDATE PRODUCT' }).click();
      await see(page, 'Product Updated Successfully');
      await at(page, '/dashboard/admin/products');
    });

    await step('the product page offers the new size', async () => {
      const saved = (await apiGet(`product/get-product/${product.slug}`)).product;
      const variant = saved.variants.find((v) => v.options.Size === added);
      assert.ok(variant, 'the new size was saved');
      assert.equal(variant.quantity, 7);
      assert.equal(saved.variants.length, product.variants.length + (saved.options[1]?.values.length ?? 1));
      await page.goto(`/product/${product.slug}`);
      const radio = page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: added, exact: true });
      await radio.waitFor({ state: 'attached' });
      assert.equal(await radio.isEnabled(), true);
    });
  });
}
