import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from 'antd';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import useCategories from '../../hooks/useCategories';
import { getProduct } from '../../api/products';
import { updateProduct, deleteProduct } from '../../api/admin-catalogue';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT, productFormData, productValues } from '../../components/dashboard/productValues';
import { GENERIC_ERROR, PRODUCT_CHANGED, notifyCategoryListError } from '../../components/dashboard/texts';
import useProductAction from '../../components/dashboard/useProductAction';

/** UpdateProduct lets the admin edit every field of one product, or delete it. */
export default function UpdateProduct() {
  const { slug } = useParams();
  const act = useProductAction();
  const categories = useCategories(notifyCategoryListError);
  const [product, setProduct] = useState(null);
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);

  const load = useCallback(
    () =>
      getProduct(slug)
        .then((found) => {
          setProduct(found);
          setValues(productValues(found));
        })
        .catch((error) => toast.error(errorMessage(error, GENERIC_ERROR))),
    [slug],
  );
  useEffect(() => {
    load();
  }, [load]);

  const reloadChanged = async () => {
    await load();
    toast.error(PRODUCT_CHANGED);
  };
  const update = () =>
    act(() => updateProduct(product._id, productFormData(values, photo)), 'Product Updated Successfully', reloadChanged);

  const remove = async () => {
    const answer = window.prompt('Are You Sure want to delete this product ? ');
    if (!answer) return;
    await act(() => deleteProduct(product._id), 'Product DEleted Succfully');
  };

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
          onSubmit={update}
          submitLabel="UPDATE PRODUCT"
        >
          <Button danger style={{ marginLeft: 8 }} onClick={remove}>
            DELETE PRODUCT
          </Button>
        </ProductForm>
      )}
    </DashboardShell>
  );
}
