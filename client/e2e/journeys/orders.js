// A shopper's order page and cancelling it; a password reset by an emailed link. The order is
// placed through the API (the checkout journey pays through the cart); the reset link is read
// from the shop's outbox directory, where it writes its mails when it has no mail server.
import assert from 'node:assert/strict';
import {
  apiGet, apiPost, at, field, journey, price, see, signIn, unique,
} from '../helpers.js';
import { waitForMail } from '../outbox.js';

/** newShopper registers a shopper through the API and answers the account and its token. */
async function newShopper(name) {
  const person = { name, email: `${name.split(' ')[0].toLowerCase()}-${unique()}@example.test`, password: 'secret-1234' };
  const made = await apiPost('auth/register', { ...person, phone: '555 0101', address: '7 Loom Street, Surat', answer: 'silk' });
  assert.equal(made.status, 201, made.body.message);
  const signedIn = await apiPost('auth/login', { email: person.email, password: person.password });
  assert.equal(signedIn.status, 200, signedIn.body.message);
  return { ...person, token: signedIn.body.token };
}

/** inStock picks a product of the first page with stock, in one of its sizes when it has sizes. */
async function inStock() {
  const { products } = await apiGet('product/product-list/1');
  for (const product of products) {
    const variant = product.variants?.find((v) => v.quantity > 0);
    if (variant) return { product, variant, stock: () => stockOf(product.slug, variant._id) };
    if (!product.variants?.length && product.quantity > 0) return { product, stock: () => stockOf(product.slug) };
  }
  throw new Error('no product of the first page has stock');
}

async function stockOf(slug, variantId) {
  const { product } = await apiGet(`product/get-product/${slug}`);
  return variantId ? product.variants.find((v) => v._id === variantId).quantity : product.quantity;
}

export default function orders() {
  journey('orders: the order page shows what was bought, and the shopper cancels it', async ({ page, step }) => {
    const shopper = await newShopper('Kavya Rao');
    const { product, variant, stock } = await inStock();
    const before = await stock();
    const paid = await apiPost('product/process-payment',
      { nonce: 'fake-valid-nonce', cart: [{ _id: product._id, ...(variant ? { variantId: variant._id } : {}) }] }, shopper.token);
    assert.equal(paid.status, 201, paid.body.message);
    const order = paid.body.order;
    assert.match(order.number, /^CS-[0-9A-Z]{8}$/);
    assert.equal(await stock(), before - 1);

    await step('the order card links to the order page', async () => {
      await page.goto('/login');
      await signIn(page, shopper);
      await page.goto('/dashboard/user/orders');
      const card = page.getByRole('article', { name: 'Order #1' });
      await card.getByRole('link', { name: 'View order #1' }).click();
      await at(page, `/dashboard/user/orders/${order._id}`);
    });

    const sheet = page.getByRole('article', { name: `Order ${order.number}` });
    const value = (term) => sheet.locator(`dt:text-is("${term}") + dd`);

    await step('the order page shows the number, the item in its size, the total, payment and history', async () => {
      await sheet.waitFor();
      assert.equal(await value('Status').textContent(), 'Not Process');
      assert.equal(await value('Total').textContent(), price(order.total));
      assert.equal(await value('Provider').textContent(), 'Sandbox');
      const item = sheet.getByRole('list', { name: 'Items' }).getByRole('listitem');
      assert.equal(await item.count(), 1);
      await item.getByText(product.name, { exact: true }).waitFor();
      await item.getByRole('img', { name: product.name }).waitFor();
      for (const [option, chosen] of Object.entries(variant?.options ?? {})) {
        await item.getByText(new RegExp(`${option}: ${chosen}`)).waitFor();
      }
      const history = sheet.getByRole('list', { name: 'Status history' }).getByRole('listitem');
      assert.deepEqual(await history.locator('strong').allTextContents(), ['Not Process']);
    });

    await step('Cancel order asks first, then cancels: Cancelled, refunded, in the history', async () => {
      await sheet.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
      await dialog.getByRole('button', { name: 'Keep order' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await value('Status').textContent(), 'Not Process');

      await sheet.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
      await see(page, new RegExp(`${order.number} is cancelled`));
      await value('Status').getByText('Cancelled', { exact: true }).waitFor();
      await value('Refunded').waitFor();
      const history = sheet.getByRole('list', { name: 'Status history' }).getByRole('listitem');
      assert.deepEqual(await history.locator('strong').allTextContents(), ['Not Process', 'Cancelled']);
      await history.last().getByText(/by you/).waitFor();
      assert.equal(await sheet.getByRole('button', { name: 'Cancel order' }).count(), 0);
    });

    await step('the stock is back, and a reload still shows the order cancelled', async () => {
      assert.equal(await stock(), before);
      await page.reload();
      await value('Status').getByText('Cancelled', { exact: true }).waitFor();
      await page.getByRole('link', { name: '← All your orders' }).click();
      await at(page, '/dashboard/user/orders');
      const card = page.getByRole('article', { name: 'Order #1' });
      await card.locator('dt:text-is("Status") + dd').getByText('Cancelled', { exact: true }).waitFor();
    });

    await step('the shopper was mailed about the cancellation', async () => {
      const mail = await waitForMail(shopper.email, new RegExp(`${order.number}[\\s\\S]*cancel`, 'i'));
      assert.match(mail, new RegExp(order.number));
    });
  });

  journey('accounts: a forgotten password is reset through an emailed link', async ({ page, step }) => {
    const shopper = await newShopper('Ishaan Mehta');
    let neutral = '';

    await step('/forget-password leads to asking for a link by email', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forget Password' }).click();
      await at(page, '/forget-password');
      await see(page, 'RESET PASSWORD');
      await page.getByRole('link', { name: 'Get a reset link by email' }).click();
      await at(page, '/reset-password');
    });

    await step('asking answers the same for an unknown email and for the shopper', async () => {
      await field(page, 'Email').fill(`nobody-${unique()}@example.test`);
      await page.getByRole('button', { name: 'SEND LINK' }).click();
      const said = page.getByText(/^If an account has this email/);
      await said.waitFor();
      neutral = await said.textContent();
      await page.reload();
      await field(page, 'Email').fill(shopper.email);
      await page.getByRole('button', { name: 'SEND LINK' }).click();
      await said.waitFor();
      assert.equal(await said.textContent(), neutral);
    });

    let link;
    await step('the mail holds a link to /reset-password with a token', async () => {
      const mail = await waitForMail(shopper.email, /\/reset-password\?token=/);
      const token = mail.match(/\/reset-password\?token=([A-Za-z0-9_\-.~%]+)/)[1];
      link = `/reset-password?token=${token}`;
    });

    await step('the link sets a new password and goes to /login, where it signs in', async () => {
      await page.goto(link);
      await field(page, 'New Password').fill('fresh-secret-99');
      await page.getByRole('button', { name: 'RESET' }).click();
      await see(page, 'Password reset successfully. Please sign in.');
      await at(page, '/login');
      await signIn(page, { email: shopper.email, password: 'fresh-secret-99' });
      await at(page, '/');
      await page.getByRole('button', { name: `Account menu of ${shopper.name}` }).waitFor();
    });

    await step('the link works once: used again, it is refused and nothing changes', async () => {
      await page.goto(link);
      await field(page, 'New Password').fill('another-secret-1');
      await page.getByRole('button', { name: 'RESET' }).click();
      await see(page, /reset link is not valid/);
      await at(page, '/reset-password');
      const still = await apiPost('auth/login', { email: shopper.email, password: 'fresh-secret-99' });
      assert.equal(still.status, 200, still.body.message);
    });
  });
}
