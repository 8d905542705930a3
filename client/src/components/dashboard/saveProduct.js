// Saving the product form. An edit sends the sizes and colours first (PUT product/variants/{id})
// when the product has or had any, and its own fields (multipart) only once those are saved:
// an edit the server refuses (a SKU another product uses) then saves nothing. A new product
// is created first, as its variants need its id.
import { createProduct, deleteProduct, setProductVariants, updateProduct } from '../../api/admin-catalogue';
import { reportError } from '../../api/errors';
import { productFormData } from './productValues';
import { hasVariantEdits, stockOf, variantsBody } from './variantRows';

/** formValues are the fields to send: with variants the quantity is their stock. */
export const formValues = (values, variants) =>
  variants.variants.length > 0 ? { ...values, quantity: String(stockOf(variants)) } : values;

/**
 * saveVariants sends the options and variants of `product` when there is something to send,
 * and answers the product as saved then (undefined when nothing was sent). `updatedAt`, when
 * given, is the product's as the form was loaded: the server refuses (409) a save over an edit
 * another admin made since.
 */
export async function saveVariants(product, variants, updatedAt) {
  if (!hasVariantEdits(variants, product)) return undefined;
  const body = { ...variantsBody(variants), ...(updatedAt ? { updatedAt } : {}) };
  const answer = await setProductVariants(product._id, body);
  return answer?.product;
}

/**
 * saveNew creates a product from the form, then saves its sizes and colours. A product sold
 * by size is created with no stock, so it cannot be sold before its variants are saved; when
 * they are refused the product just created is deleted again, and the error thrown: the form
 * still holds everything for another try. `key` is the Idempotency-Key of this product: a try
 * whose create answer was lost, tried again with the same key, gets the product the first
 * try created, and saves the sizes on it. `changed` says the form was edited since that first
 * try: its fields then go over the product it may have created as it was.
 */
export async function saveNew(values, variants, photo, key, changed = false) {
  const fields = variants.options.length > 0 ? { ...values, quantity: '0' } : values;
  const answer = await createProduct(productFormData(fields, photo), key);
  try {
    await saveVariants(answer.product, variants);
  } catch (error) {
    // A product left behind has no stock: nobody can buy it, and the admin can delete it.
    await deleteProduct(answer.product._id).catch((failure) => reportError(failure));
    throw error;
  }
  if (!changed) return answer;
  return updateProduct(answer.product._id, productFormData(formValues(values, variants), photo));
}

/**
 * saveEdit saves the form (`values`, `variants`, an optional new `photo`) over `product`:
 * its variants, then its fields, both as an edit of the version `values.updatedAt` names.
 * Saving the variants changes the product's updatedAt, so the fields then go as an edit of the
 * version those variants made (its updatedAt and stock), and onVariantsSaved(saved) is told:
 * when the fields are refused, the next try edits that version.
 */
export async function saveEdit(product, values, variants, photo, onVariantsSaved = () => {}) {
  const saved = await saveVariants(product, variants, values.updatedAt);
  if (saved) onVariantsSaved(saved);
  const fields = formValues(values, variants);
  // A product still sold by size keeps its sizes' stock whatever is sent. One no longer sold by
  // size is told the stock the form showed: sent unchanged, the stock stays as sales left it
  // (the units sold while the form was open stay sold); changed, it is set outright.
  const loadedQuantity = saved?.options?.length ? saved.quantity : values.loadedQuantity;
  const version = saved?.updatedAt ? { updatedAt: saved.updatedAt, loadedQuantity } : {};
  return updateProduct(product._id, productFormData({ ...fields, ...version }, photo));
}
