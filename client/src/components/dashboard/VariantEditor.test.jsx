import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from './test-render';
import { server, url } from '../../test/server';
import { admin, products, signedIn } from '../../test/fixtures';
import { tee } from '../variants/test-fixtures';
import { widthIs } from '../../test/screen-width';

/** answer serves the tee's page and records the variants and update calls, and their order. */
function answer({ variants = () => HttpResponse.json({ success: true, message: 'saved', product: tee }) } = {}) {
  const sent = { variants: null, update: null, id: null, calls: [] };
  server.use(
    http.get(url('product/get-product/linen-tee'), () => HttpResponse.json({ success: true, product: tee })),
    http.put(url('product/update-product/:id'), async ({ request }) => {
      sent.calls.push('update');
      sent.update = Object.fromEntries((await request.formData()).entries());
      return HttpResponse.json({ success: true, message: 'updated', product: tee });
    }),
    http.put(url('product/variants/:id'), async ({ request, params }) => {
      sent.calls.push('variants');
      sent.id = params.id;
      sent.variants = await request.json();
      return variants();
    }),
  );
  return sent;
}

const open = async () => {
  const rendered = await renderDashboard('/dashboard/admin/product/linen-tee', { auth: signedIn(admin) });
  await screen.findByLabelText('Stock of M / Navy');
  return rendered;
};

/**
 * createWithOption opens the create form for a product `name` with one option whose values are
 * typed as `values`; created() tells whether the form then sent the product.
 */
async function createWithOption(name, values) {
  let sent = false;
  server.use(http.post(url('product/create-product'), () => {
    sent = true;
    return HttpResponse.json({ success: true, product: products[0] }, { status: 201 });
  }));
  const { user } = await renderDashboard('/dashboard/admin/create-product', { auth: signedIn(admin) });
  await user.click(await screen.findByLabelText('Name'));
  await user.paste(name);
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const field = screen.getByLabelText('Option 1 values');
  await user.click(field);
  await user.paste(values);
  return { user, values: field, created: () => sent };
}

// Each test renders the whole antd product form several times over: on a busy shared machine
// that takes longer than the default allowance.
describe('admin sizes and colours editor', { timeout: 45_000 }, () => {
  it('shows the saved options and one row per variant; the quantity is their stock', async () => {
    answer();
    await open();
    expect(screen.getByLabelText('Option 1 name')).toHaveValue('Size');
    expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, M, L');
    expect(screen.getByLabelText('Option 2 values')).toHaveValue('Navy, Sand');
    expect(screen.getByLabelText('SKU of L / Sand')).toHaveValue('TEE-L-Sand');
    expect(screen.getByLabelText('Price of L / Sand')).toHaveValue(650);
    expect(screen.getByLabelText('Stock of M / Navy')).toHaveValue(2);
    expect(screen.getByLabelText('Quantity')).toBeDisabled();
    expect(screen.getByLabelText('Quantity')).toHaveValue(16);
    expect(screen.getByText('5 variant(s), 16 in stock')).toBeInTheDocument();
  });

  it('names each option\'s fields where they show, and takes codes as typed on a phone keyboard', async () => {
    answer();
    await open();
    expect(screen.getByText('Option 2 name')).toBeVisible();
    expect(screen.getByText('Option 2 values, comma-separated')).toBeVisible();
    for (const field of [screen.getByLabelText('Option 1 values'), screen.getByLabelText('SKU of L / Sand')]) {
      expect(field).toHaveAttribute('autocapitalize', 'none');
      expect(field).toHaveAttribute('autocorrect', 'off');
      expect(field).toHaveAttribute('spellcheck', 'false');
    }
  });

  // Shoppers filter the shop by options named Size or Colour only: a "Fit" or "Pattern" option
  // was taken without a word, and its values never showed among the filters.
  it('says under each option name whether shoppers can filter by it, and takes any name', async () => {
    const sent = answer();
    const { user } = await open();
    const filtered = 'Shoppers can filter the shop by it.';
    const notFiltered = 'Name it Size or Colour to let shoppers filter by it.';
    expect(screen.getByLabelText('Option 1 name')).toHaveAccessibleDescription(filtered);
    expect(screen.getByLabelText('Option 2 name')).toHaveAccessibleDescription(filtered);

    await user.clear(screen.getByLabelText('Option 2 name'));
    await user.paste('Fit');
    expect(screen.getByLabelText('Option 2 name')).toHaveAccessibleDescription(notFiltered);
    expect(screen.getByText(notFiltered)).toBeVisible();
    expect(screen.getByLabelText('Option 1 name')).toHaveAccessibleDescription(filtered);

    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants.options.map((o) => o.name)).toEqual(['Size', 'Fit']);
  });

  it('adds a size and generates its rows, keeping the saved ones', async () => {
    answer();
    const { user } = await open();
    await user.clear(screen.getByLabelText('Option 1 values'));
    await user.paste('S, M, L, XL');
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    // Eight combinations: the five saved keep their rows; S Sand, XL Navy and XL Sand are new.
    expect(screen.getByText('8 variant(s), 16 in stock')).toBeInTheDocument();
    // Said as well, where the focus stays on Generate.
    expect(screen.getByText('8 variant(s) generated')).toHaveAttribute('aria-live', 'polite');
    // Generate again makes the same eight: said again all the same.
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    expect(screen.getByText(/^8 variant\(s\) generated/).textContent).toBe('8 variant(s) generated\u00a0');
    // Every column is named, the Remove buttons' too (for screen readers only).
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Variant', 'SKU', 'Price', 'Stock', 'Remove']);
    expect(screen.getByLabelText('SKU of XL / Navy')).toHaveValue('LINEN-TEE-XL-NAVY');
    expect(screen.getByLabelText('Stock of XL / Navy')).toHaveValue(0);
    expect(screen.getByLabelText('Stock of L / Sand')).toHaveValue(5);
  });

  // "EU 42, EU 42,5, EU 43" made the rows EU 42, 5 and EU 43, and saved a size "5".
  it('says a decimal comma would split a value in two, and neither generates nor saves it', async () => {
    const { user, values, created } = await createWithOption('Court Shoe', 'EU 42, EU 42,5, EU 43');
    const said = '"42,5" would be two values, 42 and 5: write a decimal with a dot (42.5), '
      + 'or put a space after the comma for two values.';
    expect(values).toHaveAccessibleDescription(said);
    expect(values).toBeInvalid();

    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    expect(screen.queryByText(/variant\(s\)/)).not.toBeInTheDocument();
    expect(values).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(await screen.findByText(`Option 1 values: ${said}`)).toBeInTheDocument();
    expect(created()).toBe(false);

    await user.clear(values);
    await user.paste('EU 42, EU 42.5, EU 43');
    expect(values).not.toHaveAccessibleDescription();
    expect(values).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    expect(screen.getByText('3 variant(s), 0 in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('SKU of EU 42.5')).toHaveValue('COURT-SHOE-EU-42-5');
  });

  it('takes one row out on a double click of its Remove, whose second click lands on the next row\'s', async () => {
    answer();
    await open();
    const removes = () => screen.queryAllByRole('button', { name: /^Remove (?!option)/ });
    const before = removes().length;
    fireEvent.click(removes()[0], { detail: 1 });
    fireEvent.click(removes()[0], { detail: 2 });
    expect(removes()).toHaveLength(before - 1);
    expect(screen.queryByRole('button', { name: 'Remove S / Navy' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove M / Navy' })).toBeInTheDocument();
  });

  it('sets stock, removes a row, and saves the variants, then the product', async () => {
    const sent = answer();
    const { user, router } = await open();
    await user.clear(screen.getByLabelText('Stock of M / Navy'));
    await user.paste('9');
    await user.click(screen.getByRole('button', { name: 'Remove L / Navy' }));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
    expect(sent.calls).toEqual(['variants', 'update']);
    expect(sent.update.quantity).toBe('23');
    expect(sent.id).toBe(tee._id);
    expect(sent.variants.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }, { name: 'Colour', values: ['Navy', 'Sand'] }]);
    expect(sent.variants.variants.map((v) => v._id)).toEqual(['v1', 'v2', 'v3', 'v5']);
    expect(sent.variants.variants[1]).toEqual({ _id: 'v2', sku: 'TEE-M-Navy', options: { Size: 'M', Colour: 'Navy' }, quantity: 9 });
    // A saved variant's stock goes only when changed, so a sale meanwhile is not undone.
    expect(sent.variants.variants[3]).toEqual({ _id: 'v5', sku: 'TEE-L-Sand', options: { Size: 'L', Colour: 'Sand' }, price: 650 });
  });

  it('shows the server\'s refusal through the one error path and stays on the form', async () => {
    answer({ variants: () => HttpResponse.json({ success: false, message: 'SKU TEE-S-Navy is used by another product.' }, { status: 409 }) });
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('SKU TEE-S-Navy is used by another product.')).toBeInTheDocument();
    expect(screen.queryByText('Product Updated Successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/product/linen-tee');
  });

  it('saves nothing of an edit whose SKU another product uses: the new price is not sent', async () => {
    const refusal = { success: false, message: 'SKU TEE-S-Navy is already used by another product.' };
    const sent = answer({ variants: () => HttpResponse.json(refusal, { status: 409 }) });
    const { user } = await open();
    await user.clear(screen.getByLabelText('Price'));
    await user.paste('599');
    await user.clear(screen.getByLabelText('SKU of S / Navy'));
    await user.paste('TEE-S-Navy');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('SKU TEE-S-Navy is already used by another product.')).toBeInTheDocument();
    expect(sent.calls).toEqual(['variants']);
    expect(sent.update).toBeNull();
    expect(screen.getByLabelText('Price')).toHaveValue(599);
  });

  it('sends the product fields as an edit of the version its saved variants made', async () => {
    const loaded = { ...tee, updatedAt: '2026-11-23T10:00:00.000Z' };
    const saved = { ...tee, quantity: 7, updatedAt: '2026-11-23T10:00:05.000Z' };
    const sent = answer({ variants: () => HttpResponse.json({ success: true, message: 'saved', product: saved }) });
    server.use(http.get(url('product/get-product/linen-tee'), () =>
      HttpResponse.json({ success: true, product: loaded })));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.calls).toEqual(['variants', 'update']);
    expect(sent.update.updatedAt).toBe(saved.updatedAt);
    expect(sent.update.loadedQuantity).toBe('7');
  });

  it('keeps the units sold while the form was open when the sizes are removed', async () => {
    const saved = { ...tee, options: [], variants: [], quantity: 13, updatedAt: '2026-11-23T10:00:05.000Z' };
    const sent = answer({ variants: () => HttpResponse.json({ success: true, message: 'saved', product: saved }) });
    const { user } = await open();
    const removeRow = () => screen.queryAllByRole('button', { name: /^Remove (?!option)/ })[0];
    for (let row = removeRow(); row; row = removeRow()) await user.click(row);
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants.options).toEqual([]);
    // Three of the 16 shown were sold meanwhile: the form's figure, unchanged, keeps the 13.
    expect(sent.update).toMatchObject({ quantity: String(tee.quantity), loadedQuantity: String(tee.quantity) });
  });

  it('sends no variants for a product sold as one thing', async () => {
    const sent = answer();
    const { user } = await renderDashboard(`/dashboard/admin/product/${products[1].slug}`, { auth: signedIn(admin) });
    await screen.findByText('Sold as one thing. Add an option to sell it by size or colour.');
    server.use(http.put(url('product/update-product/:id'), () => HttpResponse.json({ success: true, product: products[1] })));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants).toBeNull();
  });

  it('sends nothing while options have no combinations, and says to generate them', async () => {
    const sent = answer();
    const { user, created } = await createWithOption('Wool Socks', 'S, M');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Generate the combinations to sell it by size or colour, or remove the options.');
    expect(created()).toBe(false);
    expect(sent.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps an edit that removed every combination but kept the options from being sent', async () => {
    const sent = answer();
    const { user } = await open();
    const removeRow = () => screen.queryAllByRole('button', { name: /^Remove (?!option)/ })[0];
    for (let row = removeRow(); row; row = removeRow()) await user.click(row);
    expect(screen.queryByRole('region', { name: 'Variants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Generate the combinations');
    expect(sent.calls).toEqual([]);
  });

  it('creates a product, then saves the sizes it was given', async () => {
    const sent = answer();
    const created = { ...products[0], _id: 'new1', slug: 'wool-socks' };
    server.use(http.post(url('product/create-product'), () => HttpResponse.json({ success: true, message: 'created', product: created }, { status: 201 })));
    const { user } = await renderDashboard('/dashboard/admin/create-product', { auth: signedIn(admin) });
    await user.click(await screen.findByLabelText('Name'));
    await user.paste('Wool Socks');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 1 name')).toHaveValue('Size');
    await user.click(screen.getByLabelText('Option 1 values'));
    await user.paste('S, M');
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    await user.clear(screen.getByLabelText('Stock of M'));
    await user.paste('4');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(sent.id).toBe('new1');
    expect(sent.variants).toEqual({
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { sku: 'WOOL-SOCKS-S', options: { Size: 'S' }, quantity: 0 },
        { sku: 'WOOL-SOCKS-M', options: { Size: 'M' }, quantity: 4 },
      ],
    });
  });

  it('sends the version it loaded with the sizes; when another edit came first it keeps the rows, shows the stock and fields now, and saves over it next', async () => {
    const loaded = { ...tee, updatedAt: '2026-11-23T10:00:00.000Z' };
    // The other edit set M Navy's stock to 1 and S Navy's to 3.
    const stockNow = { v1: 3, v2: 1 };
    const other = {
      ...tee, price: 600, updatedAt: '2026-11-23T10:05:00.000Z',
      variants: tee.variants.map((v) => ({ ...v, quantity: stockNow[v._id] ?? v.quantity })),
    };
    let current = loaded;
    const changed = { success: false, message: 'This product changed since you opened it. Reload it and try again.' };
    const sent = answer({ variants: () => {
      if (sent.calls.length > 1) return HttpResponse.json({ success: true, product: { ...current, updatedAt: '2026-11-23T10:06:00.000Z' } });
      current = other;
      return HttpResponse.json(changed, { status: 409 });
    } });
    server.use(http.get(url('product/get-product/linen-tee'), () => HttpResponse.json({ success: true, product: current })));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the form says it; the refusal is logged
    const { user } = await open();
    await user.clear(screen.getByLabelText('SKU of L / Sand'));
    await user.paste('RT-L-SAND-B');
    await user.clear(screen.getByLabelText('Stock of S / Navy'));
    await user.paste('9');
    const update = screen.getByRole('button', { name: 'UPDATE PRODUCT' });
    await user.click(update);

    expect(await screen.findByText(/Your changes are still here, and everything you did not change shows what the shop has now \(that edit changed Price\)/)).toBeInTheDocument();
    await waitFor(() => expect(update).not.toHaveClass('ant-btn-loading'));
    // The notice says what UPDATE PRODUCT does now; a toast saying "reload" would contradict it.
    expect(screen.queryByText(changed.message)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(sent.variants.updatedAt).toBe(loaded.updatedAt);
    expect(sent.calls).toEqual(['variants']);
    expect(screen.getByLabelText('SKU of L / Sand')).toHaveValue('RT-L-SAND-B');
    // The price the admin left alone is the other edit's: saved again, the one loaded would undo it.
    expect(screen.getByLabelText('Price')).toHaveValue(other.price);
    // The stock left alone shows the shop's figure now; the one typed stays.
    expect(screen.getByLabelText('Stock of M / Navy')).toHaveValue(1);
    expect(screen.getByLabelText('Stock of S / Navy')).toHaveValue(9);
    expect(screen.getByLabelText('Quantity')).toHaveValue(9 + 1 + 4 + 0 + 5);

    await user.click(update);
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.calls).toEqual(['variants', 'variants', 'update']);
    expect(sent.variants.updatedAt).toBe(other.updatedAt);
    expect(sent.variants.variants[4].sku).toBe('RT-L-SAND-B');
    expect(sent.variants.variants[0].quantity).toBe(9);
    expect(sent.update.price).toBe(String(other.price));
    // M Navy goes without a stock: the server keeps the figure shown, as sales leave it.
    expect(sent.variants.variants[1]).not.toHaveProperty('quantity');
    logged.mockRestore();
  });

  describe('when another admin changed its sizes first', () => {
    const loaded = { ...tee, updatedAt: '2026-11-23T10:00:00.000Z' };
    const CHANGED = 'This product changed since you opened it. Reload it and try again.';

    /**
     * changedBy serves the tee as `loaded` and refuses the first save of its sizes as an edit of
     * a stale copy, the product being `other` from then on. Like the server, a later save naming
     * a variant the product no longer has is refused (400); every body sent is kept.
     */
    function changedBy(other) {
      let current = loaded;
      const bodies = [];
      const sent = answer();
      const refuse = (status, message) => HttpResponse.json({ success: false, message }, { status });
      server.use(
        http.get(url('product/get-product/linen-tee'), () => HttpResponse.json({ success: true, product: current })),
        http.put(url('product/variants/:id'), async ({ request }) => {
          sent.calls.push('variants');
          const body = await request.json();
          bodies.push(body);
          if (bodies.length === 1) {
            current = other;
            return refuse(409, CHANGED);
          }
          const ids = new Set(current.variants.map((v) => v._id));
          const i = body.variants.findIndex((v) => v._id && !ids.has(v._id));
          if (i >= 0) return refuse(400, `Field variants[${i}]._id is not one of this product's variants; leave it out for a new variant.`);
          return HttpResponse.json({ success: true, product: { ...current, updatedAt: '2026-11-23T10:06:00.000Z' } });
        }),
      );
      return { sent, bodies };
    }

    let logged;
    beforeEach(() => {
      logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the form says it; the refusal is logged
    });
    afterEach(() => logged.mockRestore());

    const saveAndConflict = async (user) => {
      const update = screen.getByRole('button', { name: 'UPDATE PRODUCT' });
      await user.click(update);
      const notice = await screen.findByText(/Another edit changed this product since you opened it/);
      await waitFor(() => expect(update).not.toHaveClass('ant-btn-loading'));
      return notice;
    };

    // The other admin removed size L with Generate (L Navy sold out, L Sand 5 in stock): the
    // second save named L's variants and was refused on every try, the notice saying it would work.
    it('drops the variants that edit removed, keeps the stock typed, and the next save goes through', async () => {
      const other = {
        ...tee, quantity: 11, updatedAt: '2026-11-23T10:05:00.000Z',
        options: [{ name: 'Size', values: ['S', 'M'] }, tee.options[1]],
        variants: tee.variants.filter((v) => v.options.Size !== 'L'),
      };
      const { sent, bodies } = changedBy(other);
      const { user } = await open();
      await user.clear(screen.getByLabelText('Stock of M / Navy'));
      await user.paste('7');
      const notice = await saveAndConflict(user);

      expect(notice).toHaveTextContent(
        "Another edit changed this product since you opened it. The sizes and colours below are the shop's now. " +
        "Your changes are still here, and everything you did not change shows what the shop has now: UPDATE " +
        'PRODUCT again saves your changes over that edit, or reload the page to start from it.');
      expect(screen.queryByText(CHANGED)).not.toBeInTheDocument();
      expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, M');
      expect(screen.queryByLabelText('Stock of L / Sand')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Stock of L / Navy')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Stock of M / Navy')).toHaveValue(7);
      expect(screen.getByText('3 variant(s), 16 in stock')).toBeInTheDocument();
      expect(screen.getByLabelText('Quantity')).toHaveValue(5 + 7 + 4);

      await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
      expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
      expect(bodies).toHaveLength(2);
      expect(bodies[1].updatedAt).toBe(other.updatedAt);
      expect(bodies[1].options).toEqual(other.options);
      expect(bodies[1].variants.map((v) => v._id)).toEqual(['v1', 'v2', 'v3']);
      expect(bodies[1].variants[1].quantity).toBe(7);
      expect(bodies[1].variants[0]).not.toHaveProperty('quantity');
      expect(sent.update.quantity).toBe('16');
    });

    it('names the variants the admin changed that the other edit removed, and says those changes are gone', async () => {
      const other = {
        ...tee, quantity: 11, updatedAt: '2026-11-23T10:05:00.000Z',
        options: [{ name: 'Size', values: ['S', 'M'] }, tee.options[1]],
        variants: tee.variants.filter((v) => v.options.Size !== 'L'),
      };
      const { bodies } = changedBy(other);
      const { user } = await open();
      await user.clear(screen.getByLabelText('Stock of L / Sand'));
      await user.paste('8');
      await user.clear(screen.getByLabelText('SKU of S / Navy'));
      await user.paste('TEE-S-NAVY-2');
      const notice = await saveAndConflict(user);

      expect(notice).toHaveTextContent(
        "Another edit changed this product since you opened it. The sizes and colours below are the shop's now. " +
        'That edit removed L / Sand: your changes to it are gone. Your other changes are still here, and everything ' +
        'you did not change shows what the shop has now: UPDATE PRODUCT again saves your changes over that edit, ' +
        'or reload the page to start from it.');
      expect(screen.getByLabelText('SKU of S / Navy')).toHaveValue('TEE-S-NAVY-2');
      await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
      expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
      expect(bodies[1].variants.map((v) => [v._id, v.sku])).toEqual([
        ['v1', 'TEE-S-NAVY-2'], ['v2', 'TEE-M-Navy'], ['v3', 'TEE-M-Sand']]);
    });

    // The other admin renamed M to Medium and added XL Navy with 6 in stock: the second save
    // undid the rename and deleted XL Navy with its 6 units, asking nothing.
    it('shows the rename and the variant that edit added, and the next save keeps both', async () => {
      const other = {
        ...tee, quantity: 22, updatedAt: '2026-11-23T10:05:00.000Z',
        options: [{ name: 'Size', values: ['S', 'Medium', 'L', 'XL'] }, tee.options[1]],
        variants: [
          ...tee.variants.map((v) => (v.options.Size === 'M' ? { ...v, options: { ...v.options, Size: 'Medium' } } : v)),
          { _id: 'v6', sku: 'TEE-XL-Navy', options: { Size: 'XL', Colour: 'Navy' }, quantity: 6 },
        ],
      };
      const { sent, bodies } = changedBy(other);
      const { user } = await open();
      await user.clear(screen.getByLabelText('Stock of S / Navy'));
      await user.paste('9');
      const notice = await saveAndConflict(user);

      expect(notice).toHaveTextContent(/^Another edit changed this product since you opened it\. The sizes and colours below are the shop's now\. Your changes are still here/);
      expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, Medium, L, XL');
      expect(screen.getByLabelText('Stock of Medium / Navy')).toHaveValue(2);
      expect(screen.getByLabelText('Stock of XL / Navy')).toHaveValue(6);
      expect(screen.getByLabelText('SKU of XL / Navy')).toHaveValue('TEE-XL-Navy');
      expect(screen.getByLabelText('Stock of S / Navy')).toHaveValue(9);
      expect(screen.getByLabelText('Quantity')).toHaveValue(9 + 2 + 4 + 0 + 5 + 6);

      await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
      expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
      expect(screen.queryByText(/Saving removes/)).not.toBeInTheDocument();
      expect(bodies[1].options).toEqual(other.options);
      expect(bodies[1].variants.map((v) => v._id)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
      expect(bodies[1].variants[1].options).toEqual({ Size: 'Medium', Colour: 'Navy' });
      expect(bodies[1].variants[5]).toEqual({ _id: 'v6', sku: 'TEE-XL-Navy', options: { Size: 'XL', Colour: 'Navy' } });
      expect(bodies[1].variants[0].quantity).toBe(9);
      expect(sent.update.quantity).toBe(String(9 + 2 + 4 + 0 + 5 + 6));
    });

    it('takes the shop\'s options when both changed them, and says the admin\'s option changes are to be made again', async () => {
      const other = {
        ...tee, updatedAt: '2026-11-23T10:05:00.000Z',
        options: [{ name: 'Size', values: ['S', 'Medium', 'L'] }, tee.options[1]],
        variants: tee.variants.map((v) => (v.options.Size === 'M' ? { ...v, options: { ...v.options, Size: 'Medium' } } : v)),
      };
      const { bodies } = changedBy(other);
      const { user } = await open();
      await user.clear(screen.getByLabelText('Option 2 values'));
      await user.paste('Navy Blue, Sand');
      await user.clear(screen.getByLabelText('Stock of L / Sand'));
      await user.paste('3');
      const notice = await saveAndConflict(user);

      expect(notice).toHaveTextContent(
        "Another edit changed this product since you opened it. The sizes and colours below are the shop's now. " +
        'It changed the options as well, so your option changes are gone: make them again. Your other changes are ' +
        'still here, and everything you did not change shows what the shop has now: UPDATE PRODUCT again saves ' +
        'your changes over that edit, or reload the page to start from it.');
      expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, Medium, L');
      expect(screen.getByLabelText('Option 2 values')).toHaveValue('Navy, Sand');
      expect(screen.getByLabelText('Stock of L / Sand')).toHaveValue(3);
      await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
      expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
      expect(bodies[1].options).toEqual(other.options);
      expect(bodies[1].variants.map((v) => v.options.Size)).toEqual(['S', 'Medium', 'Medium', 'L', 'L']);
    });

    it('makes the admin\'s option changes again on the shop\'s variants when that edit left the options alone', async () => {
      // The other edit removed L Navy (sold out) and set S Navy's SKU.
      const other = {
        ...tee, updatedAt: '2026-11-23T10:05:00.000Z',
        variants: tee.variants.filter((v) => v._id !== 'v4').map((v) => (v._id === 'v1' ? { ...v, sku: 'TEE-S-N' } : v)),
      };
      const { bodies } = changedBy(other);
      const { user } = await open();
      await user.clear(screen.getByLabelText('Option 2 values'));
      await user.paste('Navy Blue, Sand');
      const notice = await saveAndConflict(user);

      expect(notice).toHaveTextContent(
        "Another edit changed this product since you opened it. The variants below are the shop's now, with your " +
        'option changes made on them. Your changes are still here');
      expect(screen.getByLabelText('Option 2 values')).toHaveValue('Navy Blue, Sand');
      expect(screen.queryByLabelText('Stock of L / Navy Blue')).not.toBeInTheDocument();
      expect(screen.getByLabelText('SKU of S / Navy Blue')).toHaveValue('TEE-S-N');
      await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
      expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
      expect(bodies[1].options[1]).toEqual({ name: 'Colour', values: ['Navy Blue', 'Sand'] });
      expect(bodies[1].variants.map((v) => [v._id, v.options.Colour])).toEqual([
        ['v1', 'Navy Blue'], ['v2', 'Navy Blue'], ['v3', 'Sand'], ['v5', 'Sand']]);
    });
  });

  it('asks before a save removes variants that still hold stock, and puts them back when told to keep them', async () => {
    const sent = answer();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Remove L / Sand' }));
    await user.click(screen.getByRole('button', { name: 'Remove L / Navy' }));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    // L Navy is sold out: only L Sand's 5 are at stake.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Saving removes 1 variant(s) the shop has (L / Sand), and with them 5 in stock.');
    expect(sent.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Stock of L / Sand')).toHaveValue(5);
    expect(screen.getByText('4 variant(s), 16 in stock')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove L / Sand' }));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    await user.click(await screen.findByRole('button', { name: 'Remove them and save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants.variants.map((v) => v._id)).toEqual(['v1', 'v2', 'v3']);
  });

  it('takes a variant price with paise', async () => {
    const sent = answer();
    const { user } = await open();
    const price = screen.getByLabelText('Price of S / Navy');
    expect(price).toHaveAttribute('step', '0.01');
    await user.click(price);
    await user.paste('599.50');
    expect(price).toBeValid();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants.variants[0].price).toBe(599.5);
  });

  it.each([
    ['an option given other values', async (user) => {
      await user.clear(screen.getByLabelText('Option 1 values'));
      await user.paste('S, M');
    }],
    ['an option removed', (user) => user.click(screen.getByRole('button', { name: 'Remove option 2' }))],
  ])('sends nothing of rows left behind by %s, and asks for Generate', async (_, change) => {
    const sent = answer();
    const { user } = await open();
    await change(user);
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sizes and colours below no longer match the options: press Generate.');
    expect(sent.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    await user.click(screen.getByRole('button', { name: 'Remove them and generate' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
  });

  // Renamed, a size's rows used to be made anew on Generate: their stock, SKUs, prices and ids
  // gone, the product sold out and shoppers' carts holding those sizes broken.
  it('carries an option renamed and a value edited in place through Generate: every row keeps its id, SKU, price and stock', async () => {
    const sent = answer();
    const { user } = await open();
    await user.clear(screen.getByLabelText('Option 2 name'));
    await user.paste('Color');
    await user.clear(screen.getByLabelText('Option 1 values'));
    await user.paste('S, Medium, L, XL');
    expect(screen.getByLabelText('Stock of Medium / Navy')).toHaveValue(2);
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));

    // Eight combinations: the five saved keep their rows, renamed; S Sand and the XLs are new.
    expect(screen.getByText('8 variant(s), 16 in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of Medium / Navy')).toHaveValue(2);
    expect(screen.getByLabelText('SKU of Medium / Sand')).toHaveValue('TEE-M-Sand');
    expect(screen.getByLabelText('Price of L / Sand')).toHaveValue(650);
    expect(screen.getByLabelText('Stock of XL / Navy')).toHaveValue(0);
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants.options).toEqual([
      { name: 'Size', values: ['S', 'Medium', 'L', 'XL'] }, { name: 'Color', values: ['Navy', 'Sand'] }]);
    const saved = sent.variants.variants.filter((v) => v._id);
    expect(saved.map((v) => v._id).sort()).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    expect(saved.find((v) => v._id === 'v2')).toEqual({ _id: 'v2', sku: 'TEE-M-Navy', options: { Size: 'Medium', Color: 'Navy' } });
    expect(saved.find((v) => v._id === 'v5')).toEqual({ _id: 'v5', sku: 'TEE-L-Sand', options: { Size: 'L', Color: 'Sand' }, price: 650 });
    expect(sent.update.quantity).toBe('16');
  });

  it('saves a rename without Generate', async () => {
    const sent = answer();
    const { user } = await open();
    await user.clear(screen.getByLabelText('Option 2 values'));
    await user.paste('Navy Blue, Sand');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants.options[1]).toEqual({ name: 'Colour', values: ['Navy Blue', 'Sand'] });
    expect(sent.variants.variants.map((v) => [v._id, v.options.Colour])).toEqual([
      ['v1', 'Navy Blue'], ['v2', 'Navy Blue'], ['v3', 'Sand'], ['v4', 'Navy Blue'], ['v5', 'Sand']]);
  });

  it('asks before Generate drops rows that still hold stock, and keeps them when told to', async () => {
    answer();
    const { user } = await open();
    await user.clear(screen.getByLabelText('Option 1 values'));
    await user.paste('S, M');
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Generate removes 2 variant(s) the options no longer have (L / Navy, L / Sand), and with them 5 in stock.');
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Stock of L / Sand')).toHaveValue(5);
    // The answer's buttons go as they are pressed: the keyboard's focus goes back to Generate.
    expect(screen.getByRole('button', { name: 'Generate combinations' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    await user.click(screen.getByRole('button', { name: 'Remove them and generate' }));
    expect(screen.getByText('4 variant(s), 11 in stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate combinations' })).toHaveFocus();
    expect(screen.queryByLabelText('Stock of L / Sand')).not.toBeInTheDocument();
  });

  it('says what to do when every option is removed but the rows remain, and sells it as one item once they go', async () => {
    const sent = answer();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No options are left: press Remove all rows to sell it as one item, then set its stock in Quantity.');
    expect(screen.getByRole('button', { name: 'Generate combinations' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(sent.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove all rows' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add option' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Variants' })).not.toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toBeEnabled();
    expect(quantity).toHaveValue(16);
    await user.clear(quantity);
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.variants).toMatchObject({ options: [], variants: [] });
    expect(sent.update.quantity).toBe('12');
  });

  it('sends nothing while two rows share a SKU, and names them as they show', async () => {
    const sent = answer();
    const { user } = await open();
    await user.clear(screen.getByLabelText('SKU of L / Sand'));
    await user.paste('TEE-S-Navy');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('L / Sand repeats the SKU of S / Navy.');
    expect(sent.calls).toEqual([]);
  });

  // The server refused it naming variants[4], a row the editor does not number.
  it('sends nothing while a SKU is longer than the server takes, and names its row as it shows', async () => {
    const sent = answer();
    const { user } = await open();
    await user.clear(screen.getByLabelText('SKU of L / Sand'));
    await user.paste(`TEE-L-SAND-${'X'.repeat(54)}`);
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByRole('alert'))
      .toHaveTextContent('Shorten the SKU of L / Sand to 64 characters or fewer.');
    expect(sent.calls).toEqual([]);
  });

  // Add option left the focus on the button, above the new fields and, on a phone, the new
  // fields off the screen below it.
  it('puts the keyboard\'s focus in the new option\'s name, its suggestion ready to type over', async () => {
    const { user } = await renderDashboard('/dashboard/admin/create-product', { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Add option' }));
    const name = screen.getByLabelText('Option 1 name');
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Size');
    await user.keyboard('Fit');
    expect(name).toHaveValue('Fit');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 2 name')).toHaveFocus();
  });

  // A Remove goes with its row or option, and the keyboard's focus went with it, to the page.
  describe('after a Remove, puts the keyboard\'s focus', () => {
    const button = (name) => screen.getByRole('button', { name });

    it('on the next row\'s Remove, else the previous one\'s, else the section\'s heading', async () => {
      answer();
      const { user } = await open();
      await user.click(button('Remove M / Navy'));
      expect(button('Remove M / Sand')).toHaveFocus();
      await user.click(button('Remove L / Sand'));
      expect(button('Remove L / Navy')).toHaveFocus();
      for (const row of ['S / Navy', 'M / Sand', 'L / Navy']) await user.click(button(`Remove ${row}`));
      expect(screen.queryByRole('region', { name: 'Variants' })).not.toBeInTheDocument();
      expect(screen.getByText('Sizes and colours')).toHaveFocus();
    });

    it('on the next option\'s Remove, else the previous one\'s, else Add option', async () => {
      answer();
      const { user } = await open();
      await user.click(button('Add option'));
      await user.click(button('Remove option 3'));
      expect(button('Remove option 2')).toHaveFocus();
      await user.click(button('Remove option 1'));
      expect(button('Remove option 1')).toHaveFocus();
      expect(screen.getByLabelText('Option 1 name')).toHaveValue('Colour');
      await user.click(button('Remove option 1'));
      expect(button('Add option')).toHaveFocus();
    });
  });

  describe('fields', () => {
    afterEach(() => vi.restoreAllMocks());

    // Fixed widths (a 200 px SKU, 120 px price and stock) squeezed the variant's name to a
    // letter a line at 768 px: the stylesheet (.variant-table) shares the row out instead.
    it.each([390, 768, 1280])('leave their widths to the stylesheet at %i px', async (px) => {
      widthIs(px);
      answer();
      await open();
      for (const name of ['SKU of L / Sand', 'Price of L / Sand', 'Stock of L / Sand']) {
        expect(screen.getByLabelText(name).style.width).toBe('');
        expect(screen.getByLabelText(name).style.minWidth).toBe('');
      }
      expect(screen.getByRole('columnheader', { name: 'SKU' })).toHaveClass('variant-table__sku');
    });
  });
});
