import { useRef, useState } from 'react';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT } from '../../components/dashboard/productValues';
import useProductAction from '../../components/dashboard/useProductAction';
import { EMPTY_VARIANTS } from '../../components/dashboard/variantRows';
import { saveNew } from '../../components/dashboard/saveProduct';
import { PRODUCT_CREATED } from '../../texts';
import { newRequestKey } from '../../api/request-key';

/**
 * CreateProduct is the admin's form for a new product. Its sizes and colours are saved once
 * the product exists; when they are refused, the product is not kept and the form stays as
 * typed, with the server's reason, to put them right. Every try of CREATE PRODUCT sends the
 * same Idempotency-Key until one succeeds, so a try whose answer was lost on the way back and
 * is tried again ends with one product (with the form as it is then, edited or not); a created
 * product, or the form left, ends the key.
 */
export default function CreateProduct() {
  const [act, running] = useProductAction();
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);
  const [variants, setVariants] = useState(EMPTY_VARIANTS);

  // The key of this product, and the form as its first try sent it.
  const createKey = useRef(null);
  const firstTry = useRef(null);

  const submit = () =>
    act(async () => {
      createKey.current ??= newRequestKey();
      firstTry.current ??= { values, photo };
      const changed = firstTry.current.values !== values || firstTry.current.photo !== photo;
      const answer = await saveNew(values, variants, photo, createKey.current, changed);
      createKey.current = null;
      firstTry.current = null;
      return answer;
    }, PRODUCT_CREATED);

  return (
    <DashboardShell title="Dashboard - Create Product" menu={<AdminMenu />}>
      <h1>Create Product</h1>
      <ProductForm
        values={values}
        setValues={setValues}
        photo={photo}
        setPhoto={setPhoto}
        variants={variants}
        setVariants={setVariants}
        onSubmit={submit}
        submitLabel="CREATE PRODUCT"
        busy={Boolean(running)}
        saving={running === PRODUCT_CREATED}
      />
    </DashboardShell>
  );
}
