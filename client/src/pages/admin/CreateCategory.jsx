import { useRef, useState } from 'react';
import { Modal } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { adminCategoriesQuery, CATEGORIES_KEY } from '../../api/categories';
import { createCategory, updateCategory, deleteCategory } from '../../api/admin-catalogue';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../../api/products';
import { goneIsDone } from '../../api/errors';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import CategoryForm from '../../components/dashboard/CategoryForm';
import CategoryTable from '../../components/dashboard/CategoryTable';
import {
  CATEGORY_CREATE_ERROR, CATEGORY_DELETED, categoryCreatedText, categoryUpdatedText, SOMETHING_WENT_WRONG,
} from '../../texts';
import useOneAtATime from '../../hooks/useOneAtATime';
import useFocusAfterRemoval from '../../hooks/useFocusAfterRemoval';
import ScrollRegion from '../../components/dashboard/ScrollRegion';
import ErrorState from '../../components/status/ErrorState';
import { LOADING_TEXT } from '../../texts';
import { tabStaysInside } from '../../focus';

/** What a category write changes: the category lists, and the products, which carry their category's name. */
const CHANGED_BY_CATEGORY = [CATEGORIES_KEY, PRODUCTS_KEY, PRODUCT_KEY];

/**
 * useCategoryChange runs one category write: on success it refreshes the category lists (and
 * the products, which carry their category's name) and then calls done(answer, variables), so
 * the write stays under way until the list shows it (a deleted row is gone before its Delete
 * can be clicked again); a failure shows the server's message, else errorText, and reads them
 * again all the same: a write whose answer was lost may have been made (a category created
 * shows in the list, and a second Submit is not left to say it "already exists" of a
 * category nowhere to be seen).
 */
function useCategoryChange(write, errorText, done) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorText, rereadOnError: CHANGED_BY_CATEGORY },
    onSuccess: async (answer, variables) => {
      await Promise.all(CHANGED_BY_CATEGORY.map((queryKey) =>
        queryClient.invalidateQueries({ queryKey })));
      done(answer, variables);
    },
  });
}

/** savedName is a category's name as the server stored it (trimmed), else as it was sent. */
const savedName = (answer, sent) => answer?.category?.name ?? sent.trim();

/**
 * CreateCategory is the admin's category management: create, list, rename and delete. A create
 * or rename is told with the name as stored ("Socks is created", not "Socks   is created").
 * After a delete the keyboard's focus goes to the next row's Delete, else the previous row's,
 * else to the list's heading, rather than to the page with the row that held it. A delete
 * answered 404 found the category gone already (an earlier try whose answer was lost, another
 * admin): it is done. A list that could not be loaded says so, with Try again, rather than
 * show an empty table, which reads as a shop without categories.
 */
export default function CreateCategory() {
  const { data, isPending, isError, error, refetch } = useQuery(adminCategoriesQuery());
  const categories = data ?? [];
  const listFailed = isError && data === undefined;
  const [name, setName] = useState('');
  const [selected, setSelected] = useState(null);
  const [updatedName, setUpdatedName] = useState('');

  const create = useCategoryChange((newName) => createCategory(newName), CATEGORY_CREATE_ERROR,
    (answer, newName) => {
      toast.success(categoryCreatedText(savedName(answer, newName)));
      setName('');
    });
  const update = useCategoryChange(({ id, newName }) => updateCategory(id, newName), SOMETHING_WENT_WRONG,
    (answer, { newName }) => {
      toast.success(categoryUpdatedText(savedName(answer, newName)));
      setSelected(null);
      setUpdatedName('');
    });
  const remove = useCategoryChange((category) => goneIsDone(deleteCategory(category._id)), SOMETHING_WENT_WRONG,
    () => toast.success(CATEGORY_DELETED));

  // One write at a time over the three: the one under way shows busy, the other buttons wait.
  const once = useOneAtATime();
  const busy = create.isPending || update.isPending || remove.isPending;
  const deleting = remove.isPending ? remove.variables._id : null;
  const list = useRef(null);
  const heading = useRef(null);
  const editName = useRef(null);
  const removing = useFocusAfterRemoval(() => list.current?.querySelectorAll('.category-table__delete') ?? [],
    () => heading.current);
  const removeRow = (category) => {
    removing(categories.indexOf(category));
    once(() => remove.mutateAsync(category));
  };

  const openEdit = (category) => {
    setSelected(category);
    setUpdatedName(category.name);
  };
  const closeEdit = () => setSelected(null);

  return (
    <DashboardShell title="Dashboard - Create Category" menu={<AdminMenu />}>
      <h1>Manage Category</h1>
      <div className="category-form">
        <CategoryForm id="new-category" value={name} setValue={setName}
          onSubmit={() => once(() => create.mutateAsync(name))} saving={create.isPending} busy={busy} />
      </div>
      <h2 id="category-list" ref={heading} tabIndex={-1}>Categories</h2>
      {isPending && <p aria-busy="true">{LOADING_TEXT}</p>}
      {listFailed && <ErrorState what="the categories" error={error} onRetry={refetch} />}
      {!isPending && !listFailed && (
        <ScrollRegion labelledBy="category-list" boxRef={list}>
          <CategoryTable categories={categories} onEdit={openEdit}
            onDelete={removeRow} deleting={deleting} busy={busy} />
        </ScrollRegion>
      )}
      {/* Each time it has opened, the dialog puts the focus in the name: antd's own choice, its
          Close (X), is not what a rename is for. An input's autoFocus comes too early: the
          dialog is not in the page yet. */}
      <Modal title="Edit category" open={selected !== null} onCancel={closeEdit} footer={null} destroyOnHidden
        modalRender={tabStaysInside}
        afterOpenChange={(opened) => opened && editName.current?.focus()}>
        <CategoryForm id="edit-category" value={updatedName} setValue={setUpdatedName} inputRef={editName}
          onSubmit={() => once(() => update.mutateAsync({ id: selected._id, newName: updatedName }))}
          onCancel={closeEdit} saving={update.isPending} busy={busy} />
      </Modal>
    </DashboardShell>
  );
}
