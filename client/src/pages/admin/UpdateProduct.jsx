import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Button } from 'antd';
import { productQuery } from '../../api/products';
import { deleteProduct } from '../../api/admin-catalogue';
import { explainedOnScreen, goneIsDone } from '../../api/errors';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ProductForm from '../../components/dashboard/ProductForm';
import { EMPTY_PRODUCT, productValues, withFieldsNow } from '../../components/dashboard/productValues';
import { STALE_COPY_REFUSAL, productChangedText } from '../../components/dashboard/texts';
import useProductAction from '../../components/dashboard/useProductAction';
import { useProductsListPage } from '../../components/dashboard/productsListPage';
import { EMPTY_VARIANTS, variantRows } from '../../components/dashboard/variantRows';
import { withShopNow } from '../../components/dashboard/shopVariants';
import { saveEdit } from '../../components/dashboard/saveProduct';
import ErrorState from '../../components/status/ErrorState';
import {
  DELETE_PRODUCT_PROMPT, LOADING_TEXT, PRODUCT_DELETED, PRODUCT_UPDATED, SOMETHING_WENT_WRONG,
} from '../../texts';

/**
 * UpdateProduct lets the admin edit every field of one product, its sizes and colours included,
 * or delete it. The form is filled once, from the product as the server has it when the page
 * opens, and then holds what the admin types: a reload of the product (after a refused save)
 * does not overwrite it, but for what the admin left alone, which becomes the shop's (see
 * changedMeanwhile). A product that could not be loaded says so, with Try again.
 */
export default function UpdateProduct() {
  const { slug } = useParams();
  // A save, a delete and the link back return to the page of the list the admin came from.
  const listPage = useProductsListPage();
  const [act, running] = useProductAction(listPage);
  const productRead = productQuery(slug);
  const { data: product, error, refetch, isFetching } = useQuery({
    ...productRead,
    meta: { errorText: SOMETHING_WENT_WRONG, shownOnScreen: [404] },
    staleTime: 0,
  });
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const [photo, setPhoto] = useState(null);
  const [variants, setVariants] = useState(EMPTY_VARIANTS);
  const [filledFrom, setFilledFrom] = useState(null);
  const [notice, setNotice] = useState('');

  // The form starts from the saved product once the page's own read of it is in (a copy the
  // cache kept from before may be out of date).
  if (product && !isFetching && filledFrom !== product._id) {
    setFilledFrom(product._id);
    setValues(productValues(product));
    setVariants(variantRows(product));
  }

  // Refused because another admin's edit changed the product since the form was loaded: what
  // was typed stays, and the next save is made over that edit, on purpose, as an edit of the
  // product as it is now. Every field the admin left alone shows the shop's value now
  // (withFieldsNow): else the form would show one value while the shop has another, and the
  // next save would put back the one loaded, undoing that edit's price or name unasked. So do
  // its sizes and colours: the variants that edit removed or added, its options, with the
  // admin's own changes kept where they still have a place (withShopNow); a save of the
  // variants as loaded would be refused for a variant gone, or would undo that edit. The form's
  // notice says all this, and what of the admin's changes is gone, in place of the server's
  // "reload it" toast. Answers whether it did.
  const changedMeanwhile = async () => {
    const { data: now } = await refetch();
    if (!now?.updatedAt) return false;
    // The notice speaks of the form as it was sent; what was typed since is kept the same way.
    const fields = withFieldsNow(values, now);
    setValues((v) => withFieldsNow(v, now).values);
    const sized = variants.options.length > 0 || (now.options ?? []).length > 0 || (variants.base?.options.length ?? 0) > 0;
    const merged = withShopNow(variants, now);
    setVariants(merged.state);
    setNotice(productChangedText({ ...(sized ? merged : {}), sized, taken: fields.taken, kept: fields.kept }));
    return true;
  };
  // Sizes saved but fields refused: the next try edits the version those sizes made.
  const variantsSaved = (saved) => setValues((v) => ({ ...v, updatedAt: saved.updatedAt }));
  const save = async () => {
    try {
      return await saveEdit(product, values, variants, photo, variantsSaved);
    } catch (error) {
      // Other refusals (a SKU in use, a category deleted) are the server's to say, as a toast.
      const stale = error?.status === 409 && error.serverMessage?.startsWith(STALE_COPY_REFUSAL);
      if (stale && (await changedMeanwhile())) explainedOnScreen(error);
      throw error;
    }
  };
  const update = () => act(save, PRODUCT_UPDATED);

  // A delete answered 404 found the product gone already (an earlier try whose answer was
  // lost, another admin): it is done. One that fails otherwise reads the product again, which
  // shows it not found when the delete was made after all.
  const remove = async () => {
    const answer = window.prompt(DELETE_PRODUCT_PROMPT);
    if (!answer) return;
    await act(() => goneIsDone(deleteProduct(product._id)), PRODUCT_DELETED, [productRead.queryKey]);
  };

  const filled = Boolean(product) && filledFrom === product._id;
  // The product could not be loaded (a refusal, or no answer): nothing to fill the form from.
  const failed = Boolean(error) && !product;

  // A product deleted meanwhile (or a mistyped address) has no form to show: say so, and
  // lead back to the list.
  if (error?.status === 404) {
    return (
      <DashboardShell title="Dashboard - Product not found" menu={<AdminMenu />}>
        <h1>Product not found</h1>
        <p>This product is not in the shop (any more).</p>
        <Link to={listPage} className="tap-link">Back to all products</Link>
      </DashboardShell>
    );
  }

  return (
    <DashboardShell title="Dashboard - Update Product" menu={<AdminMenu />}>
      <h1>Update Product</h1>
      {/* The form is longer than a screen: until it shows, please wait... takes a screen. */}
      {!filled && !failed && <p aria-busy="true" className="loading-screen">{LOADING_TEXT}</p>}
      {failed && <ErrorState what="this product" error={error} onRetry={refetch} />}
      {filled && (
        <ProductForm
          values={values}
          setValues={setValues}
          photo={photo}
          setPhoto={setPhoto}
          current={product}
          variants={variants}
          setVariants={setVariants}
          onSubmit={update}
          submitLabel="UPDATE PRODUCT"
          busy={Boolean(running)}
          saving={running === PRODUCT_UPDATED}
          notice={notice}
        >
          <Button danger onClick={remove} loading={running === PRODUCT_DELETED}
            disabled={Boolean(running) && running !== PRODUCT_DELETED}>
            DELETE PRODUCT
          </Button>
        </ProductForm>
      )}
    </DashboardShell>
  );
}
