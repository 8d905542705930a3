// Saving the product form. An edit sends the sizes and colours first (PUT product/variants/{id})
// when the product has or had any, and its own fields (multipart) only once those are saved:
// an edit the server refuses (a SKU another product uses) then saves nothing. A new product
// is created first, as its variants need its id.
import { setProductVariants, updateProduct } from '../../api/admin-catalogue';
import { productFormData } from './productValues';
import { hasVariantEdits, stockOf, variantsBody } from './variantRows';

/** formValues are the fields to send: with variants the quantity is their stock. */
export const formValues = (values, variants) =>
  variants.variants.length > 0 ? { ...values, quantity: String(stockOf(variants)) } : values;

/**
 * saveVariants sends the options and variants of `product` when there is something to send,
 * and answers the product as saved then (undefined when nothing was sent). Its failure is
 * marked `ofVariants`: a 409 here is a SKU another product uses, not an edit of a stale product.
 */
export async function saveVariants(product, variants) {
  if (!hasVariantEdits(variants, product)) return undefined;
  try {
    const answer = await setProductVariants(product._id, variantsBody(variants));
    return answer?.product;
  } catch (error) {
    error.ofVariants = true;
    throw error;
  }
}

/**
 * saveEdit saves the form (`values`, `variants`, an optional new `photo`) over `product`:
 * its variants, then its fields. Saving the variants changes the product's updatedAt, so the
 * fields then go as an edit of the version those variants made (its updatedAt and stock).
 */
export async function saveEdit(product, values, variants, photo) {
  const saved = await saveVariants(product, variants);
  const fields = formValues(values, variants);
  const version = saved?.updatedAt ? { updatedAt: saved.updatedAt, loadedQuantity: saved.quantity } : {};
  return updateProduct(product._id, productFormData({ ...fields, ...version }, photo));
}
