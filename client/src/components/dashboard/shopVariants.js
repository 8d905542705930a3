// The sizes editor against the shop as it is now: when another admin's edit came first
// (withShopNow), and before a save would remove variants that still hold stock
// (leftOutWithStock). The editor's state is variantRows.js's.

import { rowName, rowsProblem, shopRow, splitValues, variantRows, withOptions } from './variantRows';

/** optionsRead are options, typed ("S, M") or saved (['S', 'M']), as names and value lists. */
const optionsRead = (options) => options.map((o) => ({
  name: o.name.trim(), values: Array.isArray(o.values) ? o.values : splitValues(o.values),
}));
const sameOptions = (a, b) => JSON.stringify(optionsRead(a)) === JSON.stringify(optionsRead(b));

/** rowEdits are the figures of a saved row the admin changed: its stock, SKU or price. */
function rowEdits(row) {
  return {
    ...(Number(row.quantity) !== row.saved ? { quantity: row.quantity } : {}),
    ...(row.sku !== row.savedSku ? { sku: row.sku } : {}),
    ...(String(row.price ?? '') !== String(row.savedPrice ?? '') ? { price: row.price } : {}),
  };
}
const edited = (row) => Object.keys(rowEdits(row)).length > 0;

/** onShopFigures is `row` with the figures `now` (a saved row) has, but for those the admin changed. */
const onShopFigures = (row, now) => ({
  ...row, sku: now.sku, price: now.price, quantity: now.quantity, saved: now.saved, savedSku: now.savedSku,
  savedPrice: now.savedPrice, ...rowEdits(row),
});

/**
 * withShopNow brings the sizes and colours of `product` as the shop has them now (after another
 * admin's edit) into the editor's `state`, keeping the admin's own edits where they still have a
 * place, so the next save is an edit of the product as it is now. It answers
 * `{ state, lost, optionsKept, optionsRedo }`:
 *
 * - A saved row the shop still has shows the shop's SKU, price and stock but for those the
 *   admin changed; one the shop no longer has goes, and if the admin had changed it, its name is
 *   in `lost`. A row the shop added shows as the shop has it.
 * - The options are the shop's, but for the admin's option changes (a rename, values added or
 *   removed, an option added or removed): those are kept when the shop's options are still
 *   those the form was loaded with (`optionsKept`), the rows read against them as before. When
 *   both changed they cannot be put together safely: the shop's options and rows stand, and
 *   `optionsRedo` says the admin's option changes are to be made again.
 * - A saved row the admin removed stays removed (a save asks first when it holds stock: see
 *   leftOutWithStock), but when the admin's option changes are not kept: then the shop's rows
 *   all come back. A new row the admin added stays when it still fits the shop's options and
 *   the shop has no row for it; else it goes, named in `lost`.
 */
export function withShopNow(state, product) {
  const shop = variantRows(product);
  const base = state.base ?? { options: [], ids: [] };
  const ours = new Map(state.variants.filter((row) => row._id).map((row) => [row._id, row]));
  const theirs = new Map(shop.variants.map((row) => [row._id, row]));
  const optionsEdited = !sameOptions(state.options, base.options);
  const optionsRedo = optionsEdited && !sameOptions(shop.options, base.options);
  const name = (row) => rowName(state.options, row);
  const lost = state.variants.filter((row) => row._id && !theirs.has(row._id) && edited(row)).map(name);
  const next = { ...state, base: shop.base };

  if (optionsEdited && !optionsRedo) {
    const loaded = new Set(base.ids);
    const variants = [
      ...state.variants.flatMap((row) => {
        if (!row._id) return [row];
        return theirs.has(row._id) ? [onShopFigures(row, theirs.get(row._id))] : [];
      }),
      ...shop.variants.filter((row) => !ours.has(row._id) && !loaded.has(row._id)),
    ];
    return { state: withOptions({ ...next, variants }, state.options), lost, optionsKept: true, optionsRedo: false };
  }

  // The shop's options and rows, with the admin's changes on the rows they kept.
  const removed = new Set(optionsRedo ? [] : base.ids.filter((id) => !ours.has(id)));
  const rows = shop.variants.filter((row) => !removed.has(row._id))
    .map((row) => (ours.has(row._id) ? onShopFigures(ours.get(row._id), row) : row))
    .map((row) => ({ ...row, options: theirs.get(row._id).options, made: theirs.get(row._id).made }));
  const added = optionsRedo ? [] : state.variants.filter((row) => !row._id);
  const fresh = { ...next, options: shop.options, variants: rows };
  const fits = added.filter((row) => !rowsProblem({ ...fresh, variants: [...fresh.variants, row] }));
  lost.push(...added.filter((row) => !fits.includes(row)).map(name));
  const variants = [...rows, ...fits.map((row) => ({ ...row, made: row.options }))];
  return { state: { ...fresh, variants }, lost, optionsKept: false, optionsRedo };
}

/**
 * leftOutWithStock lists the variants `product` has with stock that a save of `state` would
 * remove (left out of the rows sent) without the admin having been asked: by Generate, at no
 * less stock than the shop has now. A product no longer sold by size keeps its stock as its
 * Quantity, and loses none.
 */
export function leftOutWithStock(state, product) {
  if (state.options.length === 0) return [];
  const sent = new Set(state.variants.map((row) => row._id).filter(Boolean));
  const confirmed = state.confirmed ?? {};
  return (product?.variants ?? []).filter((v) =>
    (v.quantity ?? 0) > 0 && !sent.has(v._id) && !(confirmed[v._id] >= v.quantity));
}

/** withConfirmed marks the saved variants `gone` as asked about, at the stock they have. */
export const withConfirmed = (state, gone) =>
  ({ ...state, confirmed: { ...state.confirmed, ...Object.fromEntries(gone.map((v) => [v._id, v.quantity ?? 0])) } });

/** withRowsBack puts the saved variants `gone` back among the rows, as the shop has them. */
export const withRowsBack = (state, gone) =>
  withOptions({ ...state, variants: [...state.variants, ...gone.map(shopRow)] }, state.options);
