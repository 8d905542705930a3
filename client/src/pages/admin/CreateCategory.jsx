import { useState } from 'react';
import { Modal } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { adminCategoriesQuery, CATEGORIES_KEY } from '../../api/categories';
import { createCategory, updateCategory, deleteCategory } from '../../api/admin-catalogue';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../../api/products';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import CategoryForm from '../../components/dashboard/CategoryForm';
import CategoryTable from '../../components/dashboard/CategoryTable';
import { GENERIC_ERROR } from '../../components/dashboard/texts';

/**
 * useCategoryChange runs one category write: on success it refreshes the category lists (and
 * the products, which carry their category's name) and calls done(variables); a failure shows
 * the server's message, else errorText.
 */
function useCategoryChange(write, errorText, done) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorText },
    onSuccess: (_answer, variables) => {
      [CATEGORIES_KEY, PRODUCTS_KEY, PRODUCT_KEY].forEach((queryKey) => queryClient.invalidateQueries({ queryKey }));
      done(variables);
    },
  });
}

/** CreateCategory is the admin's category management: create, list, rename and delete. */
export default function CreateCategory() {
  const { data: categories = [] } = useQuery(adminCategoriesQuery());
  const [name, setName] = useState('');
  const [selected, setSelected] = useState(null);
  const [updatedName, setUpdatedName] = useState('');

  const create = useCategoryChange((newName) => createCategory(newName), 'Something went wrong in input form',
    (newName) => {
      toast.success(`${newName} is created`);
      setName('');
    });
  const update = useCategoryChange(({ id, newName }) => updateCategory(id, newName), GENERIC_ERROR,
    ({ newName }) => {
      toast.success(`${newName} is updated`);
      setSelected(null);
      setUpdatedName('');
    });
  const remove = useCategoryChange((category) => deleteCategory(category._id), GENERIC_ERROR,
    () => toast.success('Category is deleted'));

  const openEdit = (category) => {
    setSelected(category);
    setUpdatedName(category.name);
  };

  return (
    <DashboardShell title="Dashboard - Create Category" menu={<AdminMenu />}>
      <h1>Manage Category</h1>
      <div className="category-form">
        <CategoryForm id="new-category" value={name} setValue={setName} onSubmit={() => create.mutate(name)} />
      </div>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Categories">
        <CategoryTable categories={categories} onEdit={openEdit} onDelete={(c) => remove.mutate(c)} />
      </div>
      <Modal title="Edit category" open={selected !== null} onCancel={() => setSelected(null)} footer={null} destroyOnHidden>
        <CategoryForm id="edit-category" value={updatedName} setValue={setUpdatedName}
          onSubmit={() => update.mutate({ id: selected._id, newName: updatedName })} />
      </Modal>
    </DashboardShell>
  );
}
