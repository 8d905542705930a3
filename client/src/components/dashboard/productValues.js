// The values of the product form and the multipart body built from them.

export const SHIPPING_OPTIONS = [
  { value: '0', label: 'No' },
  { value: '1', label: 'Yes' },
];

export const EMPTY_PRODUCT = {
  name: '',
  description: '',
  price: '',
  quantity: '',
  shipping: undefined,
  category: undefined,
};

/** productFormData builds the multipart body of a product create or update. */
export function productFormData(values, photo) {
  const data = new FormData();
  // updatedAt and loadedQuantity (edits only) name the copy the form was loaded from: the
  // server refuses an edit of a copy another edit has made stale, and a quantity left as it
  // was loaded keeps the stock as the sales made since have left it.
  ['name', 'description', 'price', 'quantity', 'category', 'shipping', 'updatedAt', 'loadedQuantity'].forEach((key) => {
    if (values[key] !== undefined) data.append(key, values[key]);
  });
  if (photo) data.append('photo', photo);
  return data;
}

/** productValues turns a saved product into form values (shipping as '0' or '1'). */
export function productValues(product) {
  const shipping = product.shipping === true || product.shipping === 1 || product.shipping === '1';
  return {
    name: product.name ?? '',
    description: product.description ?? '',
    price: product.price ?? '',
    quantity: product.quantity ?? '',
    shipping: shipping ? '1' : '0',
    category: product.category?._id ?? product.category,
    updatedAt: product.updatedAt,
    loadedQuantity: product.quantity,
  };
}

/**
 * withStockNow takes the stock of `product` as the server has it now (after another admin's
 * edit) into the form `values`, as the version they edit: a Quantity the admin left as loaded
 * shows the shop's figure now, one they typed stays. Sent unchanged, either keeps the stock as
 * sales leave it; changed, it is set outright.
 */
export function withStockNow(values, product) {
  const untouched = String(values.quantity) === String(values.loadedQuantity);
  return {
    ...values,
    ...(untouched ? { quantity: product.quantity ?? '' } : {}),
    updatedAt: product.updatedAt,
    loadedQuantity: product.quantity,
  };
}
