import { useId, useRef, useState } from 'react';
import { Button, Input, Select } from 'antd';
import CategorySelect from './CategorySelect';
import PhotoPreview from './PhotoPreview';
import ProductThumb from './ProductThumb';
import Field from './FormField';
import shownValue from './shownValue';
import { SHIPPING_OPTIONS } from './productValues';
import { NO_COMBINATIONS, leftOutStockText } from './texts';
import VariantEditor from './VariantEditor';
import { rowName, rowsProblem, stockOf, valuesProblem } from './variantRows';
import { leftOutWithStock, withConfirmed, withRowsBack } from './shopVariants';

/**
 * ProductForm edits every field of a product: category (CategorySelect reads the choices),
 * photo, name, description, price, quantity, shipping, and its sizes and colours (`variants`, see
 * VariantEditor; with variants the quantity is their stock). `current` is the saved product whose photo shows until a new one is chosen.
 * While `busy` (a save or delete of the product is under way) the submit button waits, and
 * shows it is busy when `saving` (the save is the form's own); `notice`, when set, is said
 * above the buttons.
 *
 * A save that would remove variants the shop has with stock (rows removed by hand, or left out
 * otherwise, and not asked about by Generate) asks first, naming them and their stock: Remove
 * them and save, or Keep them, which puts them back among the rows.
 */
export default function ProductForm({
  values, setValues, photo, setPhoto, current, onSubmit, submitLabel, variants, setVariants,
  busy = false, saving = false, notice, children,
}) {
  const byVariant = variants.variants.length > 0;
  const fileInput = useRef(null);
  const [tried, setTried] = useState(false);
  const shippingShownId = useId();
  const set = (key) => (value) => setValues((v) => ({ ...v, [key]: value }));
  const setFromInput = (key) => (e) => set(key)(e.target.value);
  // Options without a single combination would sell the product in no size at all, and rows
  // that no longer fit the options would be refused: the form is not sent until the editor
  // says nothing against its rows. A decimal comma is said first: Generate makes nothing of it.
  const problem = valuesProblem(variants.options)
    || (variants.options.length > 0 && !byVariant ? NO_COMBINATIONS : rowsProblem(variants));
  // The variants the save would remove with their stock, and the rows they were asked about
  // for: any edit of the rows since answers the question (it may be about others by then).
  const [asking, setAsking] = useState(null);
  const gone = asking?.rows === variants ? asking.gone : [];
  const submit = (e) => {
    e.preventDefault();
    setTried(Boolean(problem));
    if (problem) return;
    const leftOut = leftOutWithStock(variants, current);
    if (leftOut.length > 0) {
      setAsking({ rows: variants, gone: leftOut });
      return;
    }
    onSubmit();
  };
  const removeAndSave = () => {
    setVariants(withConfirmed(variants, gone));
    onSubmit();
  };

  return (
    <form onSubmit={submit} style={{ maxWidth: 720 }}>
      <CategorySelect value={values.category} onChange={set('category')} />
      <div style={{ marginBottom: 16 }}>
        <Button block onClick={() => fileInput.current?.click()}>
          {photo ? photo.name : 'Upload Photo'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          name="photo"
          accept="image/*"
          aria-label="Upload Photo"
          hidden
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
      </div>
      <div style={{ marginBottom: 16, textAlign: 'center' }}>
        {photo ? <PhotoPreview file={photo} /> : current && <ProductThumb product={current} height={200} />}
      </div>
      <Field id="product-name" label="Name">
        <Input id="product-name" dir="auto" placeholder="write a name" value={values.name} onChange={setFromInput('name')} />
      </Field>
      <Field id="product-description" label="Description">
        <Input.TextArea
          id="product-description"
          dir="auto"
          placeholder="write a description"
          value={values.description}
          onChange={setFromInput('description')}
          autoSize={{ minRows: 3, maxRows: 12 }}
        />
      </Field>
      <Field id="product-price" label="Price">
        <Input id="product-price" type="number" placeholder="write a Price" value={values.price} onChange={setFromInput('price')} />
      </Field>
      <Field id="product-quantity" label="Quantity">
        <Input
          id="product-quantity"
          type="number"
          placeholder="write a quantity"
          value={byVariant ? stockOf(variants) : values.quantity}
          onChange={setFromInput('quantity')}
          disabled={byVariant}
          aria-describedby={byVariant ? 'quantity-by-variant' : undefined}
        />
        {byVariant && <p id="quantity-by-variant" style={{ margin: '4px 0 0' }}>The sum of the variants&apos; stock.</p>}
      </Field>
      <Field id="product-shipping" label="Shipping">
        <Select
          id="product-shipping"
          placeholder="Select Shipping"
          {...shownValue(shippingShownId, values.shipping)}
          style={{ width: '100%' }}
          value={values.shipping}
          onChange={set('shipping')}
          options={SHIPPING_OPTIONS}
          virtual={false}
        />
      </Field>
      <VariantEditor value={variants} onChange={setVariants} skuPrefix={values.name}
        error={tried && problem ? problem : undefined} />
      {gone.length > 0 && (
        <div className="form-notice">
          <p role="alert" style={{ margin: '0 0 8px' }}>
            {leftOutStockText(gone.map((v) => rowName(variants.options, v)), stockOf({ variants: gone }))}
          </p>
          <div className="form-notice__actions">
            <Button danger onClick={removeAndSave} disabled={busy}>Remove them and save</Button>
            <Button onClick={() => setVariants(withRowsBack(variants, gone))}>Keep them</Button>
          </div>
        </div>
      )}
      {notice && <p aria-live="polite" aria-atomic="true" className="form-notice">{notice}</p>}
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={saving} disabled={busy && !saving}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
