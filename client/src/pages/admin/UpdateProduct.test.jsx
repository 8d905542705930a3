import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { held, server, url } from '../../test/server';
import { admin, categories, products, signedIn } from '../../test/fixtures';
import { failedList, toastTexts } from '../../test/list-failure';

describe('admin update product', () => {
  const PRODUCT = '/dashboard/admin/product/product-2';
  const product = products[1];

  /** capture answers update-product with `answer()` and keeps the multipart fields it received. */
  function capture(answer) {
    const sent = { fields: {}, id: null };
    server.use(
      http.put(url('product/update-product/:id'), async ({ request, params }) => {
        sent.id = params.id;
        const form = await request.formData();
        for (const [key, value] of form.entries()) sent.fields[key] = value;
        return answer();
      }),
    );
    return sent;
  }

  beforeAll(() => import('./UpdateProduct'));

  it('prefills every field from the product and shows its photo', async () => {
    await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    expect(await screen.findByLabelText('Name')).toHaveValue(product.name);
    expect(screen.getByLabelText('Description')).toHaveValue(product.description);
    expect(screen.getByLabelText('Price')).toHaveValue(product.price);
    expect(screen.getByLabelText('Quantity')).toHaveValue(product.quantity);
    expect(await screen.findByTitle('Shirts')).toBeInTheDocument();
    expect(screen.getByTitle('Yes')).toBeInTheDocument();
    // Heard as well as seen: each dropdown is described by the choice it shows.
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Shirts');
    expect(screen.getByLabelText('Shipping')).toHaveAccessibleDescription('Yes');
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute(
      'src',
      expect.stringContaining(`/api/v1/product/product-photo/${product._id}`),
    );
  });

  it('marks Products in the admin menu as the current section, and no other', async () => {
    await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    const menu = within(screen.getByRole('navigation', { name: 'Admin Panel' }));
    expect(menu.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    for (const other of ['Create Category', 'Create Product', 'Users', 'Orders Processing']) {
      expect(menu.getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    }
  });

  it('sends the edited fields and a new photo, then says so once the answer is in', async () => {
    const sent = capture(() => HttpResponse.json({ success: true, message: 'updated', product }));
    const { user, router } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.paste('Slim Shirt');
    await user.click(screen.getByLabelText('Shipping'));
    await user.click(await screen.findByTitle('No'));
    const photo = new File(['gif-bytes'], 'slim.gif', { type: 'image/gif' });
    await user.upload(screen.getByLabelText('Upload Photo'), photo);
    expect(await screen.findByRole('img', { name: 'product photo preview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.id).toBe(product._id);
    expect(sent.fields).toMatchObject({
      name: 'Slim Shirt',
      description: product.description,
      price: String(product.price),
      quantity: String(product.quantity),
      category: product.category._id,
      shipping: '0',
    });
    expect(sent.fields.photo.type).toBe('image/gif');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
  });

  it('sends no photo when none was chosen', async () => {
    const sent = capture(() => HttpResponse.json({ success: true, product }));
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.fields.photo).toBeUndefined();
    expect(sent.fields.shipping).toBe('1');
  });

  it('waits for the answer: a refused update shows its message and no success', async () => {
    capture(() => HttpResponse.json({ success: false, message: 'Price must be a number' }, { status: 400 }));
    const { user, router } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(screen.queryByText('Product Updated Successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT);
  });

  const STALE = 'This product changed since you opened it. Reload it and try again.';

  /**
   * conflict answers the product as `loaded` and refuses the first update as an edit of a
   * stale copy, the product being `other` from then on; it keeps the fields of every try.
   */
  function conflict(loaded, other) {
    let current = loaded;
    server.use(http.get(url('product/get-product/:slug'), () => HttpResponse.json({ success: true, product: current })));
    const tries = [];
    server.use(http.put(url('product/update-product/:id'), async ({ request }) => {
      tries.push(Object.fromEntries((await request.formData()).entries()));
      if (tries.length > 1) return HttpResponse.json({ success: true, product: current });
      current = other;
      return HttpResponse.json({ success: false, message: STALE }, { status: 409 });
    }));
    return tries;
  }

  it('keeps what was typed when another edit came first, says so in one voice, shows the stock now, and a second UPDATE saves over that edit', async () => {
    const loaded = { ...product, updatedAt: '2026-11-23T10:00:00.000Z' };
    const other = { ...product, description: 'Their words', quantity: 2, updatedAt: '2026-11-23T10:05:00.000Z' };
    const tries = conflict(loaded, other);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the form says it; the refusal is logged
    const { user, router } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await user.clear(await screen.findByLabelText('Description'));
    await user.paste('My words');
    const update = screen.getByRole('button', { name: 'UPDATE PRODUCT' });
    await user.click(update);

    const notice = await screen.findByText(/^Another edit changed this product since you opened it\./);
    expect(notice).toHaveTextContent(
      'Another edit changed this product since you opened it. You and that edit both changed Description: the form ' +
      'keeps yours. Your changes are still here, and everything you did not change shows what the shop has now: ' +
      'UPDATE PRODUCT again saves your changes over that edit, or reload the page to start from it.');
    await waitFor(() => expect(update).not.toHaveClass('ant-btn-loading'));
    // No toast telling the admin to reload, against the notice saying UPDATE PRODUCT saves.
    expect(screen.queryByText(STALE)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(tries[0]).toMatchObject({ updatedAt: loaded.updatedAt, loadedQuantity: String(loaded.quantity) });
    // Nothing typed is lost: the form keeps the admin's words, not the other edit's; the stock
    // they left alone is the shop's now, so the figure shown is the figure kept.
    expect(screen.getByLabelText('Description')).toHaveValue('My words');
    expect(screen.getByLabelText('Quantity')).toHaveValue(other.quantity);
    expect(screen.queryByText('Product Updated Successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT);

    await user.click(update);
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    // The second save is an edit of the product as it is now, with the stock it has now.
    expect(tries[1]).toMatchObject({
      description: 'My words', updatedAt: other.updatedAt, quantity: String(other.quantity), loadedQuantity: String(other.quantity),
    });
    logged.mockRestore();
  });

  // Tab A set the price 899 -> 999 and saved; tab B changed only the description: its second
  // UPDATE PRODUCT put the price (and name, category, shipping) back as B had loaded them.
  it('shows every field the admin left alone as the other edit left it, keeps the ones they changed, and saves only theirs over it', async () => {
    const loaded = { ...product, price: 899, updatedAt: '2026-11-23T10:00:00.000Z' };
    const other = {
      ...loaded, name: 'Their Name', price: 999, category: categories[1], shipping: false,
      updatedAt: '2026-11-23T10:05:00.000Z',
    };
    const tries = conflict(loaded, other);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await user.clear(await screen.findByLabelText('Description'));
    await user.paste('My words');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    const notice = await screen.findByText(/^Another edit changed this product since you opened it\./);
    expect(notice).toHaveTextContent(
      'Another edit changed this product since you opened it. Your changes are still here, and everything you did ' +
      'not change shows what the shop has now (that edit changed Name, Price, Shipping and Category): UPDATE PRODUCT ' +
      'again saves your changes over that edit, or reload the page to start from it.');
    expect(screen.getByLabelText('Name')).toHaveValue('Their Name');
    expect(screen.getByLabelText('Price')).toHaveValue(999);
    expect(screen.getByLabelText('Description')).toHaveValue('My words');
    expect(await screen.findByTitle('Jeans')).toBeInTheDocument();
    expect(screen.getByTitle('No')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(tries[1]).toMatchObject({
      name: 'Their Name', description: 'My words', price: '999', category: categories[1]._id, shipping: '0',
      updatedAt: other.updatedAt,
    });
    logged.mockRestore();
  });

  it('keeps a field the admin changed that the other edit changed too, and names it', async () => {
    const loaded = { ...product, price: 899, updatedAt: '2026-11-23T10:00:00.000Z' };
    const other = { ...loaded, price: 999, description: 'Their words', updatedAt: '2026-11-23T10:05:00.000Z' };
    const tries = conflict(loaded, other);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await user.clear(await screen.findByLabelText('Price'));
    await user.paste('950');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    const notice = await screen.findByText(/^Another edit changed this product since you opened it\./);
    expect(notice).toHaveTextContent(
      'Another edit changed this product since you opened it. You and that edit both changed Price: the form keeps ' +
      'yours. Your changes are still here, and everything you did not change shows what the shop has now (that ' +
      'edit changed Description): UPDATE PRODUCT');
    expect(screen.getByLabelText('Price')).toHaveValue(950);
    expect(screen.getByLabelText('Description')).toHaveValue('Their words');

    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(tries[1]).toMatchObject({ price: '950', description: 'Their words', updatedAt: other.updatedAt });
    logged.mockRestore();
  });

  it('keeps a Quantity the admin typed through another edit, and sends it to be set outright', async () => {
    const loaded = { ...product, updatedAt: '2026-11-23T10:00:00.000Z' };
    const other = { ...product, quantity: 2, updatedAt: '2026-11-23T10:05:00.000Z' };
    const tries = conflict(loaded, other);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.paste('40');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText(/Your changes are still here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue(40);

    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(tries[1]).toMatchObject({ quantity: '40', loadedQuantity: String(other.quantity), updatedAt: other.updatedAt });
    logged.mockRestore();
  });

  it('leaves a refusal of another kind to its toast, with no notice, even when the product moved meanwhile', async () => {
    const refusal = 'The category chosen was deleted while the product was saved; its other changes were saved. Please choose another category.';
    let current = { ...product, updatedAt: '2026-11-23T10:00:00.000Z' };
    server.use(http.get(url('product/get-product/:slug'), () => HttpResponse.json({ success: true, product: current })));
    capture(() => {
      current = { ...current, updatedAt: '2026-11-23T10:05:00.000Z' };
      return HttpResponse.json({ success: false, message: refusal }, { status: 409 });
    });
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(/Your changes are still here/)).not.toBeInTheDocument();
  });

  it('sends one update for a double click, and shows it busy with Delete waiting until the answer', async () => {
    let calls = 0;
    const answer = held(() => HttpResponse.json({ success: true, product }));
    server.use(http.put(url('product/update-product/:id'), (info) => {
      calls += 1;
      return answer.handler(info);
    }));
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    const update = screen.getByRole('button', { name: 'UPDATE PRODUCT' });
    await user.dblClick(update);
    await user.click(update);
    await waitFor(() => expect(update).toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'DELETE PRODUCT' })).toBeDisabled();
    answer.release();
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('says a product that is not in the shop was not found, with a link back to the list, and no form', async () => {
    server.use(http.get(url('product/get-product/:slug'), () =>
      HttpResponse.json({ success: false, message: 'Product not found.' }, { status: 404 })));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the page says it, the 404 is logged
    const { user, router } = await renderDashboard('/dashboard/admin/product/gone', { auth: signedIn(admin) });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Update Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPDATE PRODUCT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DELETE PRODUCT' })).not.toBeInTheDocument();
    // The page says it; a toast would say it twice.
    expect(screen.queryByText('Product not found.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to all products' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  // With the API cut, the page showed its heading over nothing, and stayed so once it was back.
  it('says the product could not be loaded, with Try again, which fills the form once the shop answers', async () => {
    let down = true;
    server.use(http.get(url('product/get-product/:slug'), () =>
      (down ? HttpResponse.error() : HttpResponse.json({ success: true, product }))));
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('We could not load this product.');
    expect(alert).toHaveTextContent('Check your connection');
    expect(screen.getByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPDATE PRODUCT' })).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('Something went wrong'));

    down = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Name')).toHaveValue(product.name);
    expect(screen.queryByText(/^We could not load/)).not.toBeInTheDocument();
  });

  it('says the categories could not be loaded in place of the Category choice, with Try again', async () => {
    let down = true;
    server.use(http.get(url('category/get-category'), () =>
      (down ? HttpResponse.error() : HttpResponse.json({ success: true, category: categories }))));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the header's menu logs its own failure
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('We could not load the categories.');
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(product.name);
    await waitFor(() => expect(toastTexts()).toContain('Something went wrong in getting category'));

    down = false;
    await user.click(retry);
    expect(await screen.findByTitle('Shirts')).toBeInTheDocument();
    expect(screen.queryByText(/^We could not load/)).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('deletes after the prompt is answered, says so and goes to the products list', async () => {
    let deleted = null;
    let reads = 0;
    server.use(
      http.delete(url('product/delete-product/:id'), ({ params }) => {
        deleted = params.id;
        return HttpResponse.json({ success: true, message: 'deleted' });
      }),
      http.get(url('product/get-product/:slug'), () => {
        reads += 1;
        return deleted
          ? HttpResponse.json({ success: false, message: 'Product not found.' }, { status: 404 })
          : HttpResponse.json({ success: true, product });
      }),
    );
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user, router } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(await screen.findByText('Product DEleted Succfully')).toBeInTheDocument();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(deleted).toBe(product._id);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
    // The deleted product is not asked for again: no "Product not found." after the success.
    expect(reads).toBe(1);
    expect(screen.queryByText('Product not found.')).not.toBeInTheDocument();
    prompt.mockRestore();
  });

  it.each([
    ['an empty answer', ''],
    ['a cancelled prompt', null],
  ])('does not delete on %s', async (_, answer) => {
    let called = false;
    server.use(
      http.delete(url('product/delete-product/:id'), () => {
        called = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(answer);
    const { user, router } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(called).toBe(false);
    expect(screen.queryByText('Product DEleted Succfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT);
    prompt.mockRestore();
  });

  it('sends one delete and shows it busy, with UPDATE PRODUCT waiting, until the answer', async () => {
    let calls = 0;
    const answer = held(() => HttpResponse.json({ success: true }));
    server.use(http.delete(url('product/delete-product/:id'), (info) => {
      calls += 1;
      return answer.handler(info);
    }));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    const remove = screen.getByRole('button', { name: 'DELETE PRODUCT' });
    await user.click(remove);
    await waitFor(() => expect(remove).toHaveClass('ant-btn-loading'));
    await user.click(remove);
    expect(screen.getByRole('button', { name: 'UPDATE PRODUCT' })).toBeDisabled();
    answer.release();
    expect(await screen.findByText('Product DEleted Succfully')).toBeInTheDocument();
    expect(calls).toBe(1);
    prompt.mockRestore();
  });

  // A retry after a lost answer was refused "Product not found." and the form stayed.
  it('counts a delete answered 404 (the product is gone already) as done', async () => {
    server.use(http.delete(url('product/delete-product/:id'), () =>
      HttpResponse.json({ success: false, message: 'Product not found.' }, { status: 404 })));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user, router } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(await screen.findByText('Product DEleted Succfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
    expect(screen.queryByText('Product not found.')).not.toBeInTheDocument();
    prompt.mockRestore();
  });

  it('reads the product again after a delete whose answer was lost, and shows it gone', async () => {
    let deleted = false;
    server.use(
      http.delete(url('product/delete-product/:id'), () => {
        deleted = true;
        return HttpResponse.error();
      }),
      http.get(url('product/get-product/:slug'), () => (deleted
        ? HttpResponse.json({ success: false, message: 'Product not found.' }, { status: 404 })
        : HttpResponse.json({ success: true, product }))),
    );
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // the page says it, the 404 is logged
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DELETE PRODUCT' })).not.toBeInTheDocument();
    prompt.mockRestore();
    logged.mockRestore();
  });

  it('shows Something went wrong when a delete fails without a message', async () => {
    server.use(http.delete(url('product/delete-product/:id'), () => HttpResponse.error()));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user } = await renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    prompt.mockRestore();
  });
});
