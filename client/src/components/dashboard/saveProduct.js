// Saving the product form: the product's own fields (multipart), then its sizes and colours
// (PUT product/variants/{id}) when it has or had any.
import { setProductVariants } from '../../api/admin-catalogue';
import { hasVariantEdits, stockOf, variantsBody } from './variantRows';

/** formValues are the fields to send: with variants the quantity is their stock. */
export const formValues = (values, variants) =>
  variants.variants.length > 0 ? { ...values, quantity: String(stockOf(variants)) } : values;

/**
 * saveVariants sends the options and variants of `product` when there is something to send.
 * Its failure is marked `ofVariants`: a 409 here is a SKU another product uses, not an edit
 * of a stale product.
 */
export async function saveVariants(product, variants) {
  if (!hasVariantEdits(variants, product)) return;
  try {
    await setProductVariants(product._id, variantsBody(variants));
  } catch (error) {
    error.ofVariants = true;
    throw error;
  }
}
