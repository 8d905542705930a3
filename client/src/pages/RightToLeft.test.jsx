// Names and descriptions typed in a right-to-left script (Arabic, Hebrew) keep their order:
// an element holding only such text takes its direction from it (dir="auto"), and such text
// inside the shop's own words sits in a bdi. Laid out left to right, "غسيل بالماء البارد 30°"
// showed 30 at the left and ° at the far right.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../test/render';
import { renderDashboard } from '../components/dashboard/test-render';
import { catalogueHandlers, server, url } from '../test/server';
import { browseHandler } from '../components/browse/test-browse';
import { makeOrder } from '../components/dashboard/test-fixtures';
import { pagedOrders } from '../test/paging';
import {
  admin, arabicCategory, arabicProduct, arabicUser, categories, makeProduct, signedIn,
} from '../test/fixtures';

const { name, description } = arabicProduct;
const byDescription = (where) => where.getByText(new RegExp(`^${description}`));
/** isolated is the bdi that holds `text`, inside `where`. */
const isolated = (where, text) => where.getByText(text, { selector: 'bdi' });

describe('text typed right to left', { timeout: 30_000 }, () => {
  it('takes its direction on a product card', async () => {
    server.use(browseHandler([arabicProduct, makeProduct(2)]));
    await renderRoute('/shop');
    const card = within(await screen.findByRole('article', { name }));
    expect(card.getByRole('heading', { name })).toHaveAttribute('dir', 'auto');
    expect(byDescription(card)).toHaveAttribute('dir', 'auto');
  });

  it('takes its direction on the product page, the category name isolated in its line', async () => {
    server.use(...catalogueHandlers([arabicProduct]));
    await renderRoute(`/product/${arabicProduct.slug}`);
    expect(await screen.findByRole('heading', { name })).toHaveAttribute('dir', 'auto');
    expect(byDescription(screen)).toHaveAttribute('dir', 'auto');
    expect(isolated(screen, arabicCategory.name).parentElement).toHaveTextContent(`Category: ${arabicCategory.name}`);
  });

  it('takes its direction on a cart line, and the shopper\'s name is isolated in the greeting', async () => {
    server.use(...catalogueHandlers([arabicProduct]));
    await renderRoute('/cart', { cart: [arabicProduct], auth: signedIn(arabicUser) });
    const line = within(await screen.findByRole('article', { name }));
    expect(line.getByRole('heading', { name })).toHaveAttribute('dir', 'auto');
    expect(byDescription(line)).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('heading', { level: 1, name: `Hello ${arabicUser.name}` })).toBeInTheDocument();
    expect(isolated(screen, arabicUser.name)).toBeInTheDocument();
    expect(screen.getByText(arabicUser.address)).toHaveAttribute('dir', 'auto');
  });

  it('isolates the category name in its page\'s heading, which keeps its words', async () => {
    server.use(
      http.get(url('category/get-category'), () =>
        HttpResponse.json({ success: true, message: 'All categories', category: [...categories, arabicCategory] })),
      browseHandler([arabicProduct]),
    );
    await renderRoute(`/category/${arabicCategory.slug}`);
    const heading = await screen.findByRole('heading', { level: 1, name: `Category - ${arabicCategory.name}` });
    expect(isolated(within(heading), arabicCategory.name)).toBeInTheDocument();
  });

  it('takes its direction in a shopper\'s order card, the buyer\'s name isolated', async () => {
    const order = { ...makeOrder(1, { buyer: arabicUser.name }), products: [arabicProduct] };
    server.use(http.get(url('auth/orders'), pagedOrders([order])));
    await renderDashboard('/dashboard/user/orders', { auth: signedIn(arabicUser) });
    const card = within(await screen.findByRole('article', { name: 'Order #1' }));
    expect(card.getByRole('heading', { name })).toHaveAttribute('dir', 'auto');
    expect(byDescription(card)).toHaveAttribute('dir', 'auto');
    expect(isolated(card, arabicUser.name)).toBeInTheDocument();
  });

  it('takes its direction in the admin\'s order card, the buyer\'s name isolated', async () => {
    const order = { ...makeOrder(1, { buyer: arabicUser.name }), products: [arabicProduct] };
    server.use(http.get(url('auth/all-orders'), pagedOrders([order])));
    await renderDashboard('/dashboard/admin/orders', { auth: signedIn(admin) });
    const card = within(await screen.findByRole('article', { name: 'Order #1' }));
    expect(card.getByText(name)).toHaveAttribute('dir', 'auto');
    expect(byDescription(card)).toHaveAttribute('dir', 'auto');
    expect(isolated(card, arabicUser.name)).toBeInTheDocument();
  });

  it('takes its direction in the admin\'s product and category fields', async () => {
    const { user } = await renderDashboard('/dashboard/admin/create-product', { auth: signedIn(admin) });
    expect(await screen.findByLabelText('Name')).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('Description')).toHaveAttribute('dir', 'auto');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 1 name')).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('Option 1 values')).toHaveAttribute('dir', 'auto');
  });

  it('takes its direction in the shopper\'s profile summary', async () => {
    await renderDashboard('/dashboard/user', { auth: signedIn(arabicUser) });
    expect(await screen.findByRole('heading', { name: arabicUser.name })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText(arabicUser.address)).toHaveAttribute('dir', 'auto');
  });
});
