import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { held, server, url } from '../../test/server';
import { admin, categories, signedIn } from '../../test/fixtures';
import { failedList, toastTexts } from '../../test/list-failure';

const PATH = '/dashboard/admin/create-product';

/** pick chooses an option of the antd Select labelled `label`. */
async function pick(user, label, option) {
  await user.click(screen.getByLabelText(label));
  const choice = await screen.findByTitle(option);
  await user.click(choice);
}

/** fill types a value into the field labelled `label` in one paste, as fast as a person pasting. */
async function fill(user, label, value) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/** typeSizes fills in a shirt sold in S and M, with stock and a price of its own for M. */
async function typeSizes(user) {
  await fill(user, 'Name', 'Clash Shirt');
  await fill(user, 'Quantity', '10');
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  await fill(user, 'Option 1 values', 'S, M');
  await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
  await user.clear(screen.getByLabelText('Stock of M'));
  await user.paste('6');
  await fill(user, 'Price of M', '949');
  await user.clear(screen.getByLabelText('SKU of M'));
  await user.paste('TEE-M');
}

/** capture answers create-product and keeps the multipart fields it received. */
function capture(answer) {
  const sent = {};
  server.use(
    http.post(url('product/create-product'), async ({ request }) => {
      const form = await request.formData();
      for (const [key, value] of form.entries()) sent[key] = value;
      return answer();
    }),
  );
  return sent;
}

describe('admin create product', () => {
  beforeAll(() => import('./CreateProduct')); // load the lazy page once, before the first test

  it('offers number inputs, an image-only photo and the shipping and category choices', async () => {
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByRole('heading', { name: 'Create Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Upload Photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeInTheDocument();
    expect(screen.getByText('Select a category')).toBeInTheDocument();
    expect(screen.getByText('Select Shipping')).toBeInTheDocument();
    // Nothing chosen yet: no description that points at nothing.
    expect(screen.getByLabelText('Category')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('Shipping')).not.toHaveAttribute('aria-describedby');
  });

  it('sends every field with the shipping choice, says so and goes to the products list', async () => {
    const sent = capture(() =>
      HttpResponse.json({ success: true, message: 'created', product: { _id: 'p99' } }, { status: 201 }));
    const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByRole('heading', { name: 'Create Product' });
    await pick(user, 'Category', 'Jeans');
    const photo = new File(['png-bytes'], 'jeans.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload Photo'), photo);
    expect(await screen.findByRole('img', { name: 'product photo preview' })).toBeInTheDocument();
    await fill(user, 'Name', 'Blue Jeans');
    await fill(user, 'Description', 'Straight cut');
    await fill(user, 'Price', '49.5');
    await fill(user, 'Quantity', '7');
    await pick(user, 'Shipping', 'Yes');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'Blue Jeans',
      description: 'Straight cut',
      price: '49.5',
      quantity: '7',
      category: 'c2',
      shipping: '1',
    });
    expect(sent.photo.type).toBe('image/png');
    expect(sent.photo.size).toBe(photo.size);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
  });

  it('sends shipping 0 for No', async () => {
    const sent = capture(() => HttpResponse.json({ success: true, product: {} }, { status: 201 }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByRole('heading', { name: 'Create Product' });
    await pick(user, 'Shipping', 'No');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(sent.shipping).toBe('0');
  });

  it('shows the server message of a refused product and stays', async () => {
    capture(() => HttpResponse.json({ success: false, message: 'Name is required' }, { status: 400 }));
    const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'CREATE PRODUCT' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('shows Something went wrong when the call fails without a message', async () => {
    capture(() => HttpResponse.error());
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'CREATE PRODUCT' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('sends one product for a double click, and shows CREATE PRODUCT busy until the answer', async () => {
    let calls = 0;
    const answer = held(() => HttpResponse.json({ success: true, product: { _id: 'p99' } }, { status: 201 }));
    server.use(http.post(url('product/create-product'), (info) => {
      calls += 1;
      return answer.handler(info);
    }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    const create = await screen.findByRole('button', { name: 'CREATE PRODUCT' });
    await user.dblClick(create);
    await waitFor(() => expect(create).toHaveClass('ant-btn-loading'));
    await user.click(create);
    answer.release();
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  describe('when the answer of a create is lost', () => {
    /**
     * shop answers create-product as the server does with an Idempotency-Key: the first create
     * of a key makes a product, a retry with it answers that product again. The answers of the
     * creates `lost` (by their number, from 1) never reach the browser.
     */
    function shop(lost = []) {
      const seen = { keys: [], products: new Map(), variants: [], deleted: [], updated: [] };
      server.use(
        http.put(url('product/update-product/:id'), async ({ params, request }) => {
          seen.updated.push({ id: params.id, fields: Object.fromEntries((await request.formData()).entries()) });
          return HttpResponse.json({ success: true, message: 'Product updated.', product: { _id: params.id } });
        }),
        http.post(url('product/create-product'), ({ request }) => {
          const key = request.headers.get('Idempotency-Key');
          seen.keys.push(key);
          let product = key ? seen.products.get(key) : undefined;
          if (!product) {
            product = { _id: `p${seen.keys.length}`, slug: 'clash-shirt' };
            seen.products.set(key ?? product._id, product);
          }
          if (lost.includes(seen.keys.length)) return HttpResponse.error();
          return HttpResponse.json({ success: true, message: 'Product created.', product }, { status: 201 });
        }),
        http.put(url('product/variants/:id'), async ({ params, request }) => {
          seen.variants.push({ id: params.id, body: await request.json() });
          return HttpResponse.json({ success: true, product: { _id: params.id } });
        }),
        http.delete(url('product/delete-product/:id'), ({ params }) => {
          seen.deleted.push(params.id);
          return HttpResponse.json({ success: true });
        }),
      );
      return seen;
    }

    /** lostFirstTry types a shirt with sizes and presses CREATE PRODUCT, whose answer is lost. */
    async function lostFirstTry() {
      const seen = shop([1]);
      const rendered = await renderDashboard(PATH, { auth: signedIn(admin) });
      await screen.findByRole('heading', { name: 'Create Product' });
      await typeSizes(rendered.user);
      await rendered.user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
      expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
      return { seen, ...rendered };
    }

    it('sends the same key again, so CREATE PRODUCT once more ends with one product and its sizes saved once', async () => {
      const { seen, user, router } = await lostFirstTry();
      expect(screen.getByLabelText('Name')).toHaveValue('Clash Shirt');

      await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
      expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
      expect(seen.keys).toHaveLength(2);
      expect(seen.keys[0]).toBeTruthy();
      expect(seen.keys[1]).toBe(seen.keys[0]);
      expect(seen.products.size).toBe(1);
      expect(seen.variants).toHaveLength(1);
      expect(seen.variants[0].id).toBe('p1');
      expect(seen.variants[0].body.variants.map((v) => v.sku)).toContain('TEE-M');
      expect(seen.deleted).toEqual([]);
      expect(seen.updated).toEqual([]); // nothing edited since the first try
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
    });

    it('puts the form as edited after a lost answer over the one product the key made', async () => {
      const { seen, user } = await lostFirstTry();
      await user.type(screen.getByLabelText('Name'), ' Long');
      await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
      expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
      expect(seen.keys[1]).toBe(seen.keys[0]);
      expect(seen.products.size).toBe(1);
      // The first try may have made the product as it was typed then: the edit goes over it.
      expect(seen.updated).toHaveLength(1);
      expect(seen.updated[0].id).toBe('p1');
      expect(seen.updated[0].fields.name).toBe('Clash Shirt Long');
      expect(seen.updated[0].fields.quantity).toBe('6'); // the sizes' stock, as the form shows it
    });

    it('sends a new key for the next product once one is created', async () => {
      const seen = shop();
      const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await user.click(await screen.findByRole('button', { name: 'CREATE PRODUCT' }));
      expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));

      // The admin comes back to the form for another product.
      cleanup();
      const again = await renderDashboard(PATH, { auth: signedIn(admin) });
      await again.user.click(await screen.findByRole('button', { name: 'CREATE PRODUCT' }));
      await waitFor(() => expect(seen.keys).toHaveLength(2));
      expect(seen.keys[0]).toBeTruthy();
      expect(seen.keys[1]).toBeTruthy();
      expect(seen.keys[1]).not.toBe(seen.keys[0]);
      expect(seen.products.size).toBe(2);
    });
  });

  // The Category choice was empty, with no way to ask again but a reload.
  it('says the categories could not be loaded in place of the Category choice, and Try again offers them', async () => {
    let down = true;
    server.use(http.get(url('category/get-category'), () =>
      (down ? HttpResponse.error() : HttpResponse.json({ success: true, category: categories }))));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the header's menu logs its own failure
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('We could not load the categories.');
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('Something went wrong in getting category'));

    down = false;
    await user.click(retry);
    await pick(user, 'Category', 'Jeans');
    expect(screen.queryByText(/^We could not load/)).not.toBeInTheDocument();
    logged.mockRestore();
  });

  describe('with sizes whose save is refused', () => {
    const refusal = { success: false, message: 'SKU TEE-M is already used by another product.' };

    /** answer creates p77, refuses its variants and answers its delete with `deleted()`. */
    function answer(deleted) {
      const seen = { created: null, deleted: null };
      server.use(
        http.post(url('product/create-product'), async ({ request }) => {
          seen.created = Object.fromEntries((await request.formData()).entries());
          return HttpResponse.json({ success: true, product: { _id: 'p77', slug: 'clash-shirt' } }, { status: 201 });
        }),
        http.put(url('product/variants/:id'), () => HttpResponse.json(refusal, { status: 409 })),
        http.delete(url('product/delete-product/:id'), ({ params }) => {
          seen.deleted = params.id;
          return deleted();
        }),
      );
      return seen;
    }

    const expectKept = () => {
      expect(screen.getByLabelText('Name')).toHaveValue('Clash Shirt');
      expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, M');
      expect(screen.getByLabelText('Stock of M')).toHaveValue(6);
      expect(screen.getByLabelText('Price of M')).toHaveValue(949);
      expect(screen.getByLabelText('SKU of M')).toHaveValue('TEE-M');
    };

    it('creates it unsellable, deletes it again, and keeps the form with the server\'s reason', async () => {
      const seen = answer(() => HttpResponse.json({ success: true }));
      const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await screen.findByRole('heading', { name: 'Create Product' });
      await typeSizes(user);
      await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

      expect(await screen.findByText(refusal.message)).toBeInTheDocument();
      expect(seen.created.quantity).toBe('0');
      await waitFor(() => expect(seen.deleted).toBe('p77'));
      expect(router.state.location.pathname).toBe(PATH);
      expect(screen.queryByText('Product created successfully')).not.toBeInTheDocument();
      expectKept();
    });

    it('still says why and keeps the form when the delete fails too', async () => {
      const seen = answer(() => HttpResponse.error());
      const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the failed delete is logged, not told
      const { user, router } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await screen.findByRole('heading', { name: 'Create Product' });
      await typeSizes(user);
      await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

      expect(await screen.findByText(refusal.message)).toBeInTheDocument();
      expect(seen.deleted).toBe('p77');
      expect(router.state.location.pathname).toBe(PATH);
      expectKept();
      expect(logged).toHaveBeenCalled();
      logged.mockRestore();
    });
  });
});
