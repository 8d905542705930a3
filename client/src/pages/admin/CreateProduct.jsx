import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminCategoriesQuery } from '../../api/categories';
import { createProduct } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT, productFormData } from '../../components/dashboard/productValues';
import useProductAction from '../../components/dashboard/useProductAction';

/** CreateProduct is the admin's form for a new product. */
export default function CreateProduct() {
  const act = useProductAction();
  const { data: categories = [] } = useQuery(adminCategoriesQuery());
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);

  const submit = () => act(() => createProduct(productFormData(values, photo)), 'Product created successfully');

  return (
    <DashboardShell title="Dashboard - Create Product" menu={<AdminMenu />}>
      <h1>Create Product</h1>
      <ProductForm
        values={values}
        setValues={setValues}
        categories={categories}
        photo={photo}
        setPhoto={setPhoto}
        onSubmit={submit}
        submitLabel="CREATE PRODUCT"
      />
    </DashboardShell>
  );
}
