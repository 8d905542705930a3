import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { server, url } from '../../test/server';
import { admin, products, signedIn } from '../../test/fixtures';

const PATH = '/dashboard/admin/products';

const productLinks = () => screen.getAllByRole('link', { name: /^Product \d+$/ });

describe('admin products list', () => {
  beforeAll(() => import('./Products'));

  it('shows 6 products a page, each linking to its edit page, and pages on the client', async () => {
    let calls = 0;
    server.use(
      http.get(url('product/get-product'), () => {
        calls += 1;
        return HttpResponse.json({ success: true, countTotal: products.length, products });
      }),
    );
    const { user } = renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    await screen.findByText('Product 6');
    expect(productLinks()).toHaveLength(6);
    expect(productLinks().map((a) => a.getAttribute('href'))).toEqual(
      products.slice(0, 6).map((p) => `/dashboard/admin/product/${p.slug}`),
    );
    expect(screen.getByRole('img', { name: 'Product 1' })).toHaveAttribute('loading', 'lazy');

    await user.click(screen.getByTitle('2'));
    await screen.findByText('Product 8');
    expect(productLinks()).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Product 7' })).toHaveAttribute('href', '/dashboard/admin/product/product-7');
    expect(screen.getByRole('link', { name: 'Product 8' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 1' })).not.toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('opens the edit page of a product from its card', async () => {
    const { user, router } = renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByText('Product 3');
    await user.click(screen.getByRole('link', { name: 'Product 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/product/product-3'));
    expect(await screen.findByLabelText('Name')).toHaveValue('Product 3');
    expect(screen.getByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
  });

  it('shows Something Went Wrong when the list fails without a message', async () => {
    server.use(http.get(url('product/get-product'), () => HttpResponse.error()));
    renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Something Went Wrong')).toBeInTheDocument();
  });

  it('shows the server message when the list fails with one', async () => {
    server.use(http.get(url('product/get-product'), () => HttpResponse.json({ success: false, message: 'Store unavailable' }, { status: 503 })));
    renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Store unavailable')).toBeInTheDocument();
  });
});

describe('admin update product', () => {
  const PRODUCT = '/dashboard/admin/product/product-2';
  const product = products[1];

  /** capture answers update-product after `delay` ms and keeps the multipart fields it received. */
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
    renderDashboard(PRODUCT, { auth: signedIn(admin) });
    expect(await screen.findByLabelText('Name')).toHaveValue(product.name);
    expect(screen.getByLabelText('Description')).toHaveValue(product.description);
    expect(screen.getByLabelText('Price')).toHaveValue(product.price);
    expect(screen.getByLabelText('Quantity')).toHaveValue(product.quantity);
    expect(await screen.findByTitle('Shirts')).toBeInTheDocument();
    expect(screen.getByTitle('Yes')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute(
      'src',
      expect.stringContaining(`/api/v1/product/product-photo/${product._id}`),
    );
  });

  it('sends the edited fields and a new photo, then says so once the answer is in', async () => {
    const sent = capture(() => HttpResponse.json({ success: true, message: 'updated', product }));
    const { user, router } = renderDashboard(PRODUCT, { auth: signedIn(admin) });
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
    const { user } = renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.fields.photo).toBeUndefined();
    expect(sent.fields.shipping).toBe('1');
  });

  it('waits for the answer: a refused update shows its message and no success', async () => {
    capture(() => HttpResponse.json({ success: false, message: 'Price must be a number' }, { status: 400 }));
    const { user, router } = renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(screen.queryByText('Product Updated Successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT);
  });

  it('deletes after the prompt is answered, says so and goes to the products list', async () => {
    let deleted = null;
    server.use(
      http.delete(url('product/delete-product/:id'), ({ params }) => {
        deleted = params.id;
        return HttpResponse.json({ success: true, message: 'deleted' });
      }),
    );
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user, router } = renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(await screen.findByText('Product DEleted Succfully')).toBeInTheDocument();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(deleted).toBe(product._id);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/products'));
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
    const { user, router } = renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(called).toBe(false);
    expect(screen.queryByText('Product DEleted Succfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT);
    prompt.mockRestore();
  });

  it('shows Something went wrong when a delete fails without a message', async () => {
    server.use(http.delete(url('product/delete-product/:id'), () => HttpResponse.error()));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('yes');
    const { user } = renderDashboard(PRODUCT, { auth: signedIn(admin) });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    prompt.mockRestore();
  });
});
