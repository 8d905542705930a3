// The administrator's day: categories (create, rename, delete), a product with a photo
// (create, edit, delete via the prompt), the users list with its pages, and an order whose
// status change survives a reload.
import assert from 'node:assert/strict';
import {
  DEMO_ADMIN, apiGet, apiPost, at, cartLine, choose, eventually, field, journey, login, notSee, price, see, snap,
  token, unique,
} from '../helpers.js';
import { solidPNG } from '../png.js';

/** makeOrder registers a shopper and buys one product through the API; answers the buyer's name. */
async function makeOrder(product) {
  const buyer = { name: `Buyer ${unique()}`, email: `buyer-${unique()}@example.test`, password: 'secret-buyer' };
  const made = await apiPost('auth/register', { ...buyer, phone: '2', address: 'Somewhere', answer: 'x' });
  assert.equal(made.status, 201, made.body.message);
  const signedIn = await apiPost('auth/login', { email: buyer.email, password: buyer.password });
  assert.equal(signedIn.status, 200, signedIn.body.message);
  const paid = await apiPost('product/process-payment', { nonce: 'fake-valid-nonce', cart: [cartLine(product)] }, signedIn.body.token);
  assert.ok(paid.status === 201 || paid.status === 200, `process-payment answered ${paid.status}: ${paid.body.message}`);
  return buyer.name;
}

/** ensureUsers registers shoppers until there are at least n users. */
async function ensureUsers(adminToken, n) {
  const { users } = await apiGet('auth/all-users', adminToken);
  for (let i = users.length; i < n; i += 1) {
    const made = await apiPost('auth/register', {
      name: `Pager ${i}`, email: `pager-${i}-${unique()}@example.test`, password: 'secret-pager', phone: String(i), address: 'Here', answer: 'x',
    });
    assert.equal(made.status, 201, made.body.message);
  }
  return (await apiGet('auth/all-users', adminToken)).users.length;
}

export default function admin() {
  journey('admin: categories, a product with a photo, users and order status', async ({ page, step }) => {
    const tag = unique();

    await step('sign in and open the admin dashboard', async () => {
      await login(page, DEMO_ADMIN);
      await page.getByRole('button', { name: /Account menu of / }).click();
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await at(page, '/dashboard/admin');
      await see(page, DEMO_ADMIN.email);
    });

    const name = `Scarves ${tag}`;
    const renamed = `Stoles ${tag}`;
    await step('create a category', async () => {
      await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Create Category' }).click();
      await at(page, '/dashboard/admin/create-category');
      await field(page, 'Category name').fill(name);
      await page.getByRole('button', { name: 'Submit' }).click();
      await see(page, `${name} is created`);
      await page.getByRole('cell', { name, exact: true }).waitFor();
    });

    await step('rename it in the edit dialog', async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog');
      const input = dialog.getByLabel('Category name');
      assert.equal(await input.inputValue(), name);
      await input.fill(renamed);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await see(page, `${renamed} is updated`);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
      await notSee(page, name);
    });

    await step('delete it', async () => {
      await page.getByRole('button', { name: `Delete ${renamed}` }).click();
      await see(page, 'Category is deleted');
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor({ state: 'detached' });
    });

    const home = (await apiGet('category/get-category')).category[0];
    const product = { name: `Linen Scarf ${tag}`, description: 'A light linen scarf for warm evenings.', price: '749', quantity: '12' };
    await step('create a product with an uploaded photo', async () => {
      await page.getByRole('link', { name: 'Create Product' }).click();
      await at(page, '/dashboard/admin/create-product');
      await choose(page, 'Category', home.name);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload Photo' }).click();
      await (await chooser).setFiles({ name: 'scarf.png', mimeType: 'image/png', buffer: solidPNG(48, 32, [180, 40, 70]) });
      await page.getByRole('button', { name: 'scarf.png' }).waitFor();
      await field(page, 'Name').fill(product.name);
      await field(page, 'Description').fill(product.description);
      await field(page, 'Price').fill(product.price);
      await field(page, 'Quantity').fill(product.quantity);
      await choose(page, 'Shipping', 'Yes');
      await page.getByRole('button', { name: 'CREATE PRODUCT' }).click();
      await see(page, 'Product created successfully');
      await at(page, '/dashboard/admin/products');
    });

    await step('the new product leads the list with its photo', async () => {
      const card = page.getByRole('link', { name: product.name, exact: true });
      await card.waitFor();
      const photo = card.getByRole('img', { name: product.name });
      await photo.scrollIntoViewIfNeeded();
      await eventually(() => photo.evaluate((img) => img.complete && img.naturalWidth), 48, 'the uploaded photo is served');
    });

    let slug;
    await step('edit its price', async () => {
      await page.getByRole('link', { name: product.name, exact: true }).click();
      await page.waitForURL(/\/dashboard\/admin\/product\//);
      slug = new URL(page.url()).pathname.split('/').pop();
      assert.equal(await field(page, 'Name').inputValue(), product.name);
      assert.equal(await field(page, 'Price').inputValue(), product.price);
      await field(page, 'Price').fill('899');
      await page.getByRole('button', { name: 'UPDATE PRODUCT' }).click();
      await see(page, 'Product Updated Successfully');
      await at(page, '/dashboard/admin/products');
      await page.goto(`/product/${slug}`);
      await see(page, `Price: ${price(899)}`);
    });

    await step('delete it: an empty prompt answer cancels, a real one deletes', async () => {
      await page.goto(`/dashboard/admin/product/${slug}`);
      await field(page, 'Name').waitFor();
      page.once('dialog', (d) => d.accept(''));
      await page.getByRole('button', { name: 'DELETE PRODUCT' }).click();
      await notSee(page, 'Product DEleted Succfully');
      await at(page, `/dashboard/admin/product/${slug}`);
      page.once('dialog', (d) => d.accept('yes'));
      await page.getByRole('button', { name: 'DELETE PRODUCT' }).click();
      await see(page, 'Product DEleted Succfully');
      await at(page, '/dashboard/admin/products');
      await notSee(page, product.name);
      const gone = await fetch(new URL(`/api/v1/product/get-product/${slug}`, page.url()));
      assert.equal(gone.status, 404);
    });

    await step('the users list shows 10 a page', async () => {
      const count = await ensureUsers(await token(page), 12);
      await page.getByRole('link', { name: 'Users' }).click();
      await at(page, '/dashboard/admin/users');
      await see(page, 'All Users');
      const rows = page.locator('tbody tr');
      await eventually(() => rows.count(), 10, 'users on page 1');
      await page.getByRole('listitem', { name: '2' }).click();
      await eventually(() => rows.count(), Math.min(10, count - 10), 'users on page 2');
    });

    await step('change an order status and see it after a reload', async () => {
      const buyerName = await makeOrder((await apiGet('product/product-list/1')).products[0]);
      await page.getByRole('link', { name: 'Orders Processing' }).click();
      await at(page, '/dashboard/admin/orders');
      await see(page, 'All Orders');
      const order = page.getByRole('article').filter({ hasText: buyerName });
      await order.waitFor();
      const number = (await order.getByRole('heading').first().textContent()).replace('Order #', '');
      const label = `Status of order #${number}`;
      const select = order.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) });
      const status = async () => (await select.innerText()).trim();
      assert.equal(await status(), 'Not Process');
      await choose(page, label, 'Shipped');
      await eventually(status, 'Shipped', 'status after the change');
      await page.reload();
      await order.waitFor();
      await eventually(status, 'Shipped', 'status after a reload');
      await snap(page, 'admin-orders');
    });
  });
}
