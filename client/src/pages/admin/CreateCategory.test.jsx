import { describe, expect, it, vi } from 'vitest';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from '../../components/dashboard/test-render';
import { held, server, url } from '../../test/server';
import { admin, categories, signedIn } from '../../test/fixtures';
import { failedList } from '../../test/list-failure';

const PATH = '/dashboard/admin/create-category';

/** listCategories answers get-category from a list the test can change. */
function listCategories(list) {
  server.use(http.get(url('category/get-category'), () => HttpResponse.json({ success: true, category: list })));
}

const table = () => within(screen.getByRole('table'));

describe('admin categories', () => {
  it('lists every category with Edit and Delete', async () => {
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByRole('cell', { name: 'Shirts' })).toBeInTheDocument();
    expect(table().getByRole('cell', { name: 'Jeans' })).toBeInTheDocument();
    expect(table().getByRole('cell', { name: 'Jackets' })).toBeInTheDocument();
    expect(table().getByRole('button', { name: 'Edit Jeans' })).toBeInTheDocument();
    expect(table().getByRole('button', { name: 'Delete Jeans' })).toBeInTheDocument();
  });

  it('creates a category, says so and reloads the list', async () => {
    const list = [...categories];
    listCategories(list);
    let sent;
    server.use(
      http.post(url('category/create-category'), async ({ request }) => {
        sent = await request.json();
        const category = { _id: 'c9', name: sent.name, slug: 'hats' };
        list.push(category);
        return HttpResponse.json({ success: true, message: 'created', category }, { status: 201 });
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByRole('cell', { name: 'Shirts' });
    await user.type(screen.getByLabelText('Category name'), 'Hats');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Hats is created')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Hats' });
    expect(await table().findByRole('cell', { name: 'Hats' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category name')).toHaveValue('');
  });

  // The toast said the name as typed: "Socks   is created", though the shop stored "Socks".
  describe('says the name as the server stored it', () => {
    const asShown = { normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }) };
    const stored = (sent) => ({ ...sent, name: sent.name.trim() });

    it('on a create', async () => {
      server.use(http.post(url('category/create-category'), async ({ request }) => {
        const category = stored({ _id: 'c9', slug: 'socks', ...(await request.json()) });
        return HttpResponse.json({ success: true, category }, { status: 201 });
      }));
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await user.type(await screen.findByLabelText('Category name'), '  Socks   ');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Socks is created', asShown)).toBeInTheDocument();
    });

    it('on a rename', async () => {
      server.use(http.put(url('category/update-category/:id'), async ({ request, params }) => {
        const category = stored({ _id: params.id, slug: 'tees', ...(await request.json()) });
        return HttpResponse.json({ success: true, category });
      }));
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await user.click(await screen.findByRole('button', { name: 'Edit Shirts' }));
      const input = within(await screen.findByRole('dialog')).getByLabelText('Category name');
      await user.clear(input);
      await user.type(input, 'Tees   ');
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Tees is updated', asShown)).toBeInTheDocument();
    });
  });

  it('shows the server message when a create is refused', async () => {
    server.use(
      http.post(url('category/create-category'), () =>
        HttpResponse.json({ success: false, message: 'Category already exists' }, { status: 409 })),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.type(await screen.findByLabelText('Category name'), 'Shirts');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Category already exists')).toBeInTheDocument();
  });

  it('treats an answer with success false as a failure and shows its message', async () => {
    server.use(
      http.post(url('category/create-category'), () => HttpResponse.json({ success: false, message: 'Category Already Exisits' })),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.type(await screen.findByLabelText('Category name'), 'Shirts');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Category Already Exisits')).toBeInTheDocument();
    expect(screen.queryByText('Shirts is created')).not.toBeInTheDocument();
  });

  it('shows Something went wrong in input form when a create fails without a message', async () => {
    server.use(http.post(url('category/create-category'), () => HttpResponse.error()));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.type(await screen.findByLabelText('Category name'), 'Hats');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Something went wrong in input form')).toBeInTheDocument();
  });

  // Three quick failures stacked three copies of the toast down the page, the third over
  // Submit on a 1280 x 800 screen.
  it('shows one toast for the same failure three times over, and another for another', async () => {
    let calls = 0;
    server.use(http.post(url('category/create-category'), () => {
      calls += 1;
      return calls < 4 ? HttpResponse.error() : HttpResponse.json({ success: false, message: 'Category already exists' }, { status: 409 });
    }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.type(await screen.findByLabelText('Category name'), 'Hats');
    const submit = screen.getByRole('button', { name: 'Submit' });
    for (let n = 1; n <= 3; n += 1) {
      await user.click(submit);
      await waitFor(() => expect(calls).toBe(n));
      await waitFor(() => expect(submit).not.toHaveClass('ant-btn-loading'));
    }
    expect(await screen.findByText('Something went wrong in input form')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong in input form')).toHaveLength(1);

    await user.click(submit);
    expect(await screen.findByText('Category already exists')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong in input form')).toHaveLength(1);
  });

  // The list that failed showed as an empty table, a shop without categories, until a reload.
  it('says the list could not be loaded, with Something went wrong in getting category and Try again', async () => {
    let down = true;
    server.use(http.get(url('category/get-category'), () =>
      (down ? HttpResponse.error() : HttpResponse.json({ success: true, category: categories }))));
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {}); // the header logs its own failure
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('Something went wrong in getting category')).toBeInTheDocument();
    const { alert, retry } = await failedList();
    expect(alert).toHaveTextContent('We could not load the categories.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    down = false;
    await user.click(retry);
    expect(await screen.findByRole('cell', { name: 'Shirts' })).toBeInTheDocument();
    expect(screen.queryByText(/^We could not load/)).not.toBeInTheDocument();
    quiet.mockRestore();
  });

  it('shows please wait... until the list is in', async () => {
    const list = held(() => HttpResponse.json({ success: true, category: categories }));
    server.use(http.get(url('category/get-category'), list.handler));
    await renderDashboard(PATH, { auth: signedIn(admin) });
    expect(await screen.findByText('please wait...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    list.release();
    expect(await screen.findByRole('cell', { name: 'Shirts' })).toBeInTheDocument();
    expect(screen.queryByText('please wait...')).not.toBeInTheDocument();
  });

  // The server made the category but the answer was lost: it stayed out of the list, and a
  // second Submit said it already exists, of a category nowhere to be seen.
  it('reads the list again after a create whose answer was lost, and shows the category made', async () => {
    const list = [...categories];
    listCategories(list);
    server.use(http.post(url('category/create-category'), () => {
      list.push({ _id: 'c9', name: 'Hats', slug: 'hats' });
      return HttpResponse.error();
    }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await screen.findByRole('cell', { name: 'Shirts' });
    await user.type(screen.getByLabelText('Category name'), 'Hats');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Something went wrong in input form')).toBeInTheDocument();
    expect(await table().findByRole('cell', { name: 'Hats' })).toBeInTheDocument();
  });

  it('counts a delete answered 404 (the category is gone already) as done, and reloads the list', async () => {
    let list = [...categories];
    listCategories(list);
    server.use(http.delete(url('category/delete-category/:id'), ({ params }) => {
      list = list.filter((c) => c._id !== params.id);
      listCategories(list);
      return HttpResponse.json({ success: false, message: 'Category not found.' }, { status: 404 });
    }));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Delete Jeans' }));
    expect(await screen.findByText('Category is deleted')).toBeInTheDocument();
    await waitFor(() => expect(table().queryByRole('cell', { name: 'Jeans' })).not.toBeInTheDocument());
    expect(screen.queryByText('Category not found.')).not.toBeInTheDocument();
  });

  it('opens the edit dialog with the current name, renames and closes it', async () => {
    const list = categories.map((c) => ({ ...c }));
    listCategories(list);
    let sent;
    let id;
    server.use(
      http.put(url('category/update-category/:id'), async ({ request, params }) => {
        sent = await request.json();
        id = params.id;
        list[0].name = sent.name;
        return HttpResponse.json({ success: true, message: 'updated', category: list[0] });
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Edit Shirts' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByLabelText('Category name');
    expect(input).toHaveValue('Shirts');
    await user.clear(input);
    await user.type(input, 'Tees');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Tees is updated')).toBeInTheDocument();
    expect(id).toBe('c1');
    expect(sent).toEqual({ name: 'Tees' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await table().findByRole('cell', { name: 'Tees' })).toBeInTheDocument();
  });

  // The dialog opened with the focus on its Close (X): a keyboard user had to Tab to the name.
  it('opens the edit dialog with the focus in the name, each time', async () => {
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Edit Jeans' }));
    let dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByLabelText('Category name')).toHaveFocus());
    expect(dialog.getByLabelText('Category name')).toHaveValue('Jeans');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Shirts' }));
    dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByLabelText('Category name')).toHaveFocus());
    expect(dialog.getByLabelText('Category name')).toHaveValue('Shirts');
  });

  it('keeps Tab and Shift+Tab inside the edit dialog', async () => {
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Edit Jeans' }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByLabelText('Category name')).toHaveFocus());
    const close = dialog.getByRole('button', { name: 'Close' });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it.each(['Cancel', 'Close'])('closes the edit dialog by its %s button without a call', async (button) => {
    let called = false;
    server.use(
      http.put(url('category/update-category/:id'), () => {
        called = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Edit Jeans' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Category name')).toHaveValue('Jeans');
    await user.click(dialog.getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(called).toBe(false);
    expect(table().getByRole('cell', { name: 'Jeans' })).toBeInTheDocument();
  });

  it('deletes a category, says so and reloads the list', async () => {
    let list = [...categories];
    listCategories(list);
    let id;
    server.use(
      http.delete(url('category/delete-category/:id'), ({ params }) => {
        id = params.id;
        list = list.filter((c) => c._id !== params.id);
        listCategories(list);
        return HttpResponse.json({ success: true, message: 'deleted' });
      }),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Delete Jeans' }));
    expect(await screen.findByText('Category is deleted')).toBeInTheDocument();
    expect(id).toBe('c2');
    await waitFor(() => expect(table().queryByRole('cell', { name: 'Jeans' })).not.toBeInTheDocument());
  });

  // The Delete pressed goes with its row, and the keyboard's focus went with it, to the page.
  describe('after a delete, puts the keyboard\'s focus', () => {
    /** deletes answers delete-category by taking the category out of the list served. */
    function deletes(start) {
      let list = [...start];
      listCategories(list);
      server.use(http.delete(url('category/delete-category/:id'), ({ params }) => {
        list = list.filter((c) => c._id !== params.id);
        listCategories(list);
        return HttpResponse.json({ success: true, message: 'deleted' });
      }));
    }

    async function deleteBy(name) {
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
      expect(await screen.findByText('Category is deleted')).toBeInTheDocument();
      await waitFor(() => expect(table().queryByRole('cell', { name })).not.toBeInTheDocument());
    }

    it('on the next row\'s Delete', async () => {
      deletes(categories);
      await deleteBy('Jeans');
      await waitFor(() => expect(table().getByRole('button', { name: 'Delete Jackets' })).toHaveFocus());
    });

    it('on the previous row\'s Delete when the last row goes', async () => {
      deletes(categories);
      await deleteBy('Jackets');
      await waitFor(() => expect(table().getByRole('button', { name: 'Delete Jeans' })).toHaveFocus());
    });

    it('on the list\'s heading when no row is left', async () => {
      deletes(categories.slice(0, 1));
      await deleteBy('Shirts');
      const heading = screen.getByRole('heading', { name: 'Categories' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByRole('region', { name: 'Categories' })).toContainElement(screen.getByRole('table'));
    });
  });

  it('shows the server message when a delete is refused', async () => {
    server.use(
      http.delete(url('category/delete-category/:id'), () =>
        HttpResponse.json({ success: false, message: 'Category is used by products' }, { status: 409 })),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Delete Shirts' }));
    expect(await screen.findByText('Category is used by products')).toBeInTheDocument();
    expect(table().getByRole('cell', { name: 'Shirts' })).toBeInTheDocument();
  });

  it('keeps the edit dialog open with the typed name when a rename is refused, and shows why', async () => {
    server.use(
      http.put(url('category/update-category/:id'), () =>
        HttpResponse.json({ success: false, message: 'A category with this name already exists.' }, { status: 409 })),
    );
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Edit Shirts' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByLabelText('Category name');
    await user.clear(input);
    await user.type(input, 'Jeans');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('A category with this name already exists.')).toBeInTheDocument();
    expect(screen.queryByText('Jeans is updated')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(input).toHaveValue('Jeans');
  });

  it('shows Something went wrong when a rename fails without a message, keeping the dialog', async () => {
    server.use(http.put(url('category/update-category/:id'), () => HttpResponse.error()));
    const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Edit Jeans' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByLabelText('Category name');
    await user.type(input, ' Wide');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(input).toHaveValue('Jeans Wide');
  });

  describe('a double click', () => {
    /** count answers `method` on `path` with `answer()` once released, counting the calls. */
    function count(method, path, answer) {
      const seen = { calls: 0, ...held(answer) };
      server.use(http[method](url(path), (info) => {
        seen.calls += 1;
        return seen.handler(info);
      }));
      return seen;
    }

    it('on Submit creates one category, with Submit busy until the answer', async () => {
      const create = count('post', 'category/create-category', () =>
        HttpResponse.json({ success: true, category: { _id: 'c9', name: 'Hats', slug: 'hats' } }, { status: 201 }));
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await user.type(await screen.findByLabelText('Category name'), 'Hats');
      const submit = screen.getByRole('button', { name: 'Submit' });
      await user.dblClick(submit);
      await waitFor(() => expect(submit).toHaveClass('ant-btn-loading'));
      expect(table().getByRole('button', { name: 'Delete Jeans' })).toBeDisabled();
      await user.click(submit);
      create.release();

      expect(await screen.findByText('Hats is created')).toBeInTheDocument();
      expect(create.calls).toBe(1);
      expect(screen.queryByText('A category with this name already exists.')).not.toBeInTheDocument();
      await waitFor(() => expect(submit).not.toHaveClass('ant-btn-loading'));
    });

    it('on Delete deletes once, with that Delete busy and the others waiting until the answer', async () => {
      let list = [...categories];
      listCategories(list);
      const remove = count('delete', 'category/delete-category/:id', () => {
        list = list.filter((c) => c._id !== 'c2');
        listCategories(list);
        return HttpResponse.json({ success: true });
      });
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      const jeans = await screen.findByRole('button', { name: 'Delete Jeans' });
      await user.dblClick(jeans);
      await waitFor(() => expect(jeans).toHaveClass('ant-btn-loading'));
      expect(table().getByRole('button', { name: 'Delete Shirts' })).toBeDisabled();
      await user.click(jeans);
      remove.release();

      expect(await screen.findByText('Category is deleted')).toBeInTheDocument();
      expect(table().queryByRole('cell', { name: 'Jeans' })).not.toBeInTheDocument();
      expect(remove.calls).toBe(1);
      expect(screen.queryByText('Category not found.')).not.toBeInTheDocument();
    });

    it("on the dialog's Submit renames once, with Submit busy until the answer", async () => {
      const update = count('put', 'category/update-category/:id', () => HttpResponse.json({ success: true }));
      const { user } = await renderDashboard(PATH, { auth: signedIn(admin) });
      await user.click(await screen.findByRole('button', { name: 'Edit Shirts' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText('Category name'), ' Tees');
      const submit = dialog.getByRole('button', { name: 'Submit' });
      await user.dblClick(submit);
      await waitFor(() => expect(submit).toHaveClass('ant-btn-loading'));
      await user.click(submit);
      update.release();

      expect(await screen.findByText('Shirts Tees is updated')).toBeInTheDocument();
      expect(update.calls).toBe(1);
    });
  });
});
