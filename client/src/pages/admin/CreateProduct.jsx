import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import useCategories from '../../hooks/useCategories';
import { createProduct } from '../../api/admin-catalogue';
import { ADMIN_PRODUCTS } from '../../paths';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT, productFormData } from '../../components/dashboard/productValues';
import { GENERIC_ERROR, notifyCategoryListError } from '../../components/dashboard/texts';

/** CreateProduct is the admin's form for a new product. */
export default function CreateProduct() {
  const navigate = useNavigate();
  const categories = useCategories(notifyCategoryListError);
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);


  const submit = async () => {
    try {
      await createProduct(productFormData(values, photo));
      toast.success('Product created successfully');
      navigate(ADMIN_PRODUCTS);
    } catch (error) {
      toast.error(errorMessage(error, GENERIC_ERROR));
    }
  };

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
