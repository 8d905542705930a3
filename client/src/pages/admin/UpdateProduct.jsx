import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Button } from 'antd';
import { adminCategoriesQuery } from '../../api/categories';
import { productQuery } from '../../api/products';
import { deleteProduct } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT, productValues } from '../../components/dashboard/productValues';
import { GENERIC_ERROR } from '../../components/dashboard/texts';
import useProductAction from '../../components/dashboard/useProductAction';
import { EMPTY_VARIANTS, variantRows } from '../../components/dashboard/variantRows';
import { saveEdit } from '../../components/dashboard/saveProduct';
import { ADMIN_PRODUCTS } from '../../paths';

/** UpdateProduct lets the admin edit every field of one product, its sizes and colours included, or delete it. */
export default function UpdateProduct() {
  const { slug } = useParams();
  const act = useProductAction();
  const { data: categories = [] } = useQuery(adminCategoriesQuery());
  const { data: product, error, refetch } = useQuery({
    ...productQuery(slug),
    meta: { errorText: GENERIC_ERROR, shownOnScreen: [404] },
    staleTime: 0,
  });
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);
  const [variants, setVariants] = useState(EMPTY_VARIANTS);

  // The form starts from the saved product once it has loaded.
  useEffect(() => {
    if (product) {
      setValues(productValues(product));
      setVariants(variantRows(product));
    }
  }, [product]);

  // Refused because another edit changed the product meanwhile: reload it into the form.
  const reloadChanged = () => refetch();
  const save = () => saveEdit(product, values, variants, photo);
  const update = () => act(save, 'Product Updated Successfully', reloadChanged);

  const remove = async () => {
    const answer = window.prompt('Are You Sure want to delete this product ? ');
    if (!answer) return;
    await act(() => deleteProduct(product._id), 'Product DEleted Succfully');
  };

  // A product deleted meanwhile (or a mistyped address) has no form to show: say so, and
  // lead back to the list.
  if (error?.status === 404) {
    return (
      <DashboardShell title="Dashboard - Product not found" menu={<AdminMenu />}>
        <h1>Product not found</h1>
        <p>This product is not in the shop (any more).</p>
        <Link to={ADMIN_PRODUCTS} className="tap-link">Back to all products</Link>
      </DashboardShell>
    );
  }

  return (
    <DashboardShell title="Dashboard - Update Product" menu={<AdminMenu />}>
      <h1>Update Product</h1>
      {product && (
        <ProductForm
          values={values}
          setValues={setValues}
          categories={categories}
          photo={photo}
          setPhoto={setPhoto}
          current={product}
          variants={variants}
          setVariants={setVariants}
          onSubmit={update}
          submitLabel="UPDATE PRODUCT"
        >
          <Button danger onClick={remove}>
            DELETE PRODUCT
          </Button>
        </ProductForm>
      )}
    </DashboardShell>
  );
}
