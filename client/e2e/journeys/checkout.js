// A shopper pays: bad card details are refused, good ones pay, the cart empties and the new
// order shows in the shopper's orders with status Not Process and the number of items.
import assert from 'node:assert/strict';
import {
  apiGet, apiPost, at, buyable, chooseVariant, eventually, expectBadge, field, itemPrice, journey, notSee, price, see,
  signIn, sizeText, snap, unique,
} from '../helpers.js';

export default function checkout() {
  journey('checkout: bad card details, then payment and the order in the dashboard', async ({ page, step }) => {
    const shopper = { name: 'Grace Hopper', email: `grace-${unique()}@example.test`, password: 'secret-grace' };
    const made = await apiPost('auth/register', { ...shopper, phone: '555 0101', address: '1 Harbour Road, Mumbai', answer: 'cobol' });
    assert.equal(made.status, 201, made.body.message);
    const [a, b] = (await apiGet('product/product-list/1')).products;
    const items = [a, b, a];
    const sum = Math.round(items.reduce((s, p) => s + itemPrice(p, buyable(p)) * 100, 0)) / 100;

    await step('fill the cart with three items (one twice)', async () => {
      for (const p of items) {
        await page.goto(`/product/${p.slug}`);
        if (p.options?.length) await chooseVariant(page, p);
        await page.getByRole('button', { name: 'Add to Cart' }).first().click();
        await at(page, '/cart');
      }
      await expectBadge(page, 3);
      await see(page, `Total : ${price(sum)}`);
    });

    await step('checkout asks to log in and comes back to the cart', async () => {
      await page.getByRole('button', { name: 'Please Login to Checkout' }).click();
      await at(page, '/login');
      await signIn(page, shopper);
      await at(page, '/cart');
      await see(page, `Hello ${shopper.name}`);
      await see(page, '1 Harbour Road, Mumbai');
      await expectBadge(page, 3);
    });

    await step('incomplete card details are refused and nothing is paid', async () => {
      await field(page, 'Card Number').fill('4242 4242');
      await field(page, 'Expiry (MMYY)').fill('12/30');
      await field(page, 'CVV').fill('12');
      await page.getByRole('button', { name: 'Pay' }).click();
      await see(page, 'Please fill in the correct details');
      await at(page, '/cart');
      await expectBadge(page, 3);
    });

    await step('good card details pay, empty the cart and open the orders', async () => {
      await field(page, 'Card Number').fill('4242424242424242');
      await field(page, 'Expiry (MMYY)').fill('1230');
      await field(page, 'CVV').fill('123');
      await snap(page, 'cart');
      await page.getByRole('button', { name: 'Pay' }).click();
      await see(page, 'Payment Completed Successfully', { timeout: 30_000 });
      await at(page, '/dashboard/user/orders');
      await expectBadge(page, 0);
    });

    await step('the order shows Not Process, the buyer and 3 items', async () => {
      const order = page.getByRole('article', { name: 'Order #1' });
      await order.waitFor();
      const value = (term) => order.locator(`dt:text-is("${term}") + dd`).textContent();
      await eventually(() => value('Status'), 'Not Process', 'order status');
      assert.equal(await value('Buyer'), shopper.name);
      assert.equal(await value('Payment'), 'Success');
      assert.equal(await value('Quantity'), '3');
      await order.getByText(b.name, { exact: true }).waitFor();
      await order.getByText(price(itemPrice(b, buyable(b))), { exact: true }).first().waitFor();
      if (buyable(b)) await order.getByText(sizeText(b, buyable(b)), { exact: true }).first().waitFor();
      assert.equal(await order.getByText(a.name, { exact: true }).count(), 2);
      await notSee(page, 'Order #2');
    });

    await step('the cart stays empty after a reload', async () => {
      await page.goto('/cart');
      await see(page, 'Your Cart Is Empty');
      await expectBadge(page, 0);
    });
  });
}
