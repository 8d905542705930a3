import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { adminCategoriesQuery } from '../../api/categories';
import { createProduct } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT, productFormData } from '../../components/dashboard/productValues';
import useProductAction from '../../components/dashboard/useProductAction';
import { EMPTY_VARIANTS } from '../../components/dashboard/variantRows';
import { formValues, saveVariants } from '../../components/dashboard/saveProduct';
import { ADMIN_PRODUCT } from '../../paths';

/**
 * CreateProduct is the admin's form for a new product. Its sizes and colours are saved once
 * the product exists; when they are refused, the new product's page opens to put them right.
 */
export default function CreateProduct() {
  const act = useProductAction();
  const { data: categories = [] } = useQuery(adminCategoriesQuery());
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);
  const [variants, setVariants] = useState(EMPTY_VARIANTS);
  const navigate = useNavigate();

  const create = async () => {
    const answer = await createProduct(productFormData(formValues(values, variants), photo));
    try {
      await saveVariants(answer.product, variants);
    } catch (error) {
      navigate(ADMIN_PRODUCT(answer.product.slug));
      throw error;
    }
    return answer;
  };
  const submit = () => act(create, 'Product created successfully');

  return (
    <DashboardShell title="Dashboard - Create Product" menu={<AdminMenu />}>
      <h1>Create Product</h1>
      <ProductForm
        values={values}
        setValues={setValues}
        categories={categories}
        photo={photo}
        setPhoto={setPhoto}
        variants={variants}
        setVariants={setVariants}
        onSubmit={submit}
        submitLabel="CREATE PRODUCT"
      />
    </DashboardShell>
  );
}
