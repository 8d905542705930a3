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

/** The fields of the form a product fills, by the labels the form shows them with. */
const FIELDS = {
  name: 'Name', description: 'Description', price: 'Price', quantity: 'Quantity', shipping: 'Shipping', category: 'Category',
};

/** productFields are the form's fields of a saved product (shipping as '0' or '1'). */
function productFields(product) {
  const shipping = product.shipping === true || product.shipping === 1 || product.shipping === '1';
  return {
    name: product.name ?? '',
    description: product.description ?? '',
    price: product.price ?? '',
    quantity: product.quantity ?? '',
    shipping: shipping ? '1' : '0',
    category: product.category?._id ?? product.category,
  };
}

/**
 * productValues turns a saved product into form values: its fields, and the version they edit
 * (`updatedAt`, `loadedQuantity`, sent with the edit) and the fields as loaded (`loaded`, not
 * sent), to tell the admin's changes by.
 */
export function productValues(product) {
  const fields = productFields(product);
  return { ...fields, updatedAt: product.updatedAt, loadedQuantity: product.quantity, loaded: fields };
}

const same = (a, b) => String(a ?? '') === String(b ?? '');

/**
 * withFieldsNow takes `product` as the server has it now (after another admin's edit) into the
 * form `values`, as the version they edit: a field the admin left as loaded shows the shop's
 * value now, one they changed keeps theirs. So the next save changes what the admin changed and
 * nothing else: sent as loaded, a field would undo the other edit. A Quantity sent unchanged
 * keeps the stock as sales leave it; changed, it is set outright. It answers `{ values, taken,
 * kept }`: `taken` the labels of the fields that edit changed which now show its values, `kept`
 * those both changed, which keep the admin's. Stock moves with every sale, and is named in neither.
 */
export function withFieldsNow(values, product) {
  const now = productFields(product);
  const loaded = values.loaded ?? {};
  const taken = [];
  const kept = [];
  const merged = { ...values };
  Object.entries(FIELDS).forEach(([key, label]) => {
    const theirs = !same(now[key], loaded[key]);
    if (same(values[key], loaded[key])) {
      merged[key] = now[key];
      if (theirs && key !== 'quantity') taken.push(label);
    } else if (theirs && !same(values[key], now[key]) && key !== 'quantity') kept.push(label);
  });
  return {
    values: { ...merged, updatedAt: product.updatedAt, loadedQuantity: product.quantity, loaded: now },
    taken,
    kept,
  };
}
