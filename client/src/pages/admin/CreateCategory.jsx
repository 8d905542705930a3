import { useCallback, useEffect, useState } from 'react';
import { Modal } from 'antd';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { getCategories } from '../../api/categories';
import { createCategory, updateCategory, deleteCategory } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import CategoryForm from '../../components/dashboard/CategoryForm';
import CategoryTable from '../../components/dashboard/CategoryTable';
import { GENERIC_ERROR, notifyCategoryListError } from '../../components/dashboard/texts';

/** CreateCategory is the admin's category management: create, list, rename and delete. */
export default function CreateCategory() {
  const [categories, setCategories] = useState([]);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState(null);
  const [updatedName, setUpdatedName] = useState('');

  const load = useCallback(async () => {
    try {
      setCategories(await getCategories());
    } catch (error) {
      notifyCategoryListError(error);
    }
  }, []);

  useEffect(() => {
    load();
  }, [load]);

  const create = async () => {
    try {
      await createCategory(name);
      toast.success(`${name} is created`);
      setName('');
      load();
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong in input form'));
    }
  };

  const openEdit = (category) => {
    setSelected(category);
    setUpdatedName(category.name);
  };

  const update = async () => {
    try {
      await updateCategory(selected._id, updatedName);
      toast.success(`${updatedName} is updated`);
      setSelected(null);
      setUpdatedName('');
      load();
    } catch (error) {
      toast.error(errorMessage(error, GENERIC_ERROR));
    }
  };

  const remove = async (category) => {
    try {
      await deleteCategory(category._id);
      toast.success('Category is deleted');
      load();
    } catch (error) {
      toast.error(errorMessage(error, GENERIC_ERROR));
    }
  };

  return (
    <DashboardShell title="Dashboard - Create Category" menu={<AdminMenu />}>
      <h1>Manage Category</h1>
      <div style={{ maxWidth: 480, marginBottom: 24 }}>
        <CategoryForm id="new-category" value={name} setValue={setName} onSubmit={create} />
      </div>
      <CategoryTable categories={categories} onEdit={openEdit} onDelete={remove} />
      <Modal title="Edit category" open={selected !== null} onCancel={() => setSelected(null)} footer={null} destroyOnHidden>
        <CategoryForm id="edit-category" value={updatedName} setValue={setUpdatedName} onSubmit={update} />
      </Modal>
    </DashboardShell>
  );
}
