// The sizes and colours of a product in the admin's product form: its options (a name and
// its values, typed as "S, M, L"), Generate combinations, and per row the SKU, an optional
// price (empty: the product's price) and the stock, or Remove. `value` and `onChange` hold
// the state of variantRows.js; `skuPrefix` starts the SKUs of new rows; `error`, when set, is
// said under the buttons. On phones the table stacks: a block per variant, with its SKU, price
// and stock each a whole line wide; from 768 px up the variant's name keeps to one line and the
// fields share the rest, the SKU the widest (.variant-table in index.css).
//
// Under each option's name a hint says whether shoppers can filter by it: the shop's filters
// offer options named Size and Colour only. Any other name is taken all the same. Values typed
// with a comma between two digits ("EU 42,5", a decimal comma) are said to be two values under
// their field, and Generate makes nothing of them but puts the focus there (a save is refused
// too, by rowsProblem): split, they made a size "5".
//
// An option renamed, or a value edited in place, is renamed in the rows at once (they keep their
// id, SKU, price and stock: see withOptions). Generate asks before it drops rows that still
// hold stock; with no option left, Remove all rows sells the product as one item.
//
// A Remove takes its option or row away, and would take the keyboard's focus with it to the
// page: focus goes to the next one's Remove instead, else the previous one's, else (none left)
// to Add option for the options and to the section's heading for the rows. Add option puts the
// focus in the new option's name, its suggestion selected to type over: the new fields come
// below the button, off a phone's screen.
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Input } from 'antd';
import StackLabel from './StackLabel';
import useFocusAfterRemoval from '../../hooks/useFocusAfterRemoval';
import { NO_OPTIONS_LEFT, decimalCommaText, droppedStockText, optionNameHint } from './texts';
import ScrollRegion from './ScrollRegion';
import { firstClickOnly } from '../../clicks';
import {
  MAX_OPTIONS, addOption, decimalComma, droppedBy, filteredBy, generate, rowName, stockOf, withOptions,
} from './variantRows';

// The header row's columns: a class sizes each (index.css).
// [heading, class, heading said only to screen readers (the column of Remove buttons)]
const COLUMNS = [['Variant'], ['SKU', 'variant-table__sku'], ['Price', 'variant-table__number'],
  ['Stock', 'variant-table__number'], ['Remove', undefined, true]];

// Sizes, colours and SKUs are codes: a phone keyboard must not capitalise or correct them
// ("xs" is not "Xs", "XL" not "Xl"). Each is shown in the direction of its own script.
const AS_TYPED = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, dir: 'auto' };

/** One variant's row: its name, SKU, price and stock fields, and Remove. */
const VariantRow = memo(function VariantRow({ row, index, name, actions }) {
  return (
    <tr>
      <th scope="row" dir="auto">{name}</th>
      <td>
        <StackLabel>SKU</StackLabel>
        <Input aria-label={`SKU of ${name}`} value={row.sku} {...AS_TYPED}
          onChange={(e) => actions.edit(index, { sku: e.target.value })} />
      </td>
      <td>
        <StackLabel>Price</StackLabel>
        <Input aria-label={`Price of ${name}`} type="number" min={0} step={0.01}
          placeholder="Product price"
          value={row.price} onChange={(e) => actions.edit(index, { price: e.target.value })} />
      </td>
      <td>
        <StackLabel>Stock</StackLabel>
        <Input aria-label={`Stock of ${name}`} type="number" min={0} value={row.quantity}
          onChange={(e) => actions.edit(index, { quantity: e.target.value })} />
      </td>
      <td className="stack-table__action">
        <Button danger className="variant-table__remove" onClick={firstClickOnly(() => actions.remove(index))}
          aria-label={`Remove ${name}`}>Remove</Button>
      </td>
    </tr>
  );
});

export default function VariantEditor({ value, onChange, skuPrefix, error }) {
  const { options, variants } = value;
  // Generate pressed while it would drop rows holding stock: the editor asks first. Any other
  // edit answers the question (the rows it would drop may be others by then).
  const [asking, setAsking] = useState(false);
  // What Generate made, said to a screen reader: the rows appear below the button, which keeps
  // the focus, and nothing else told that anything happened.
  const [generatedText, setGeneratedText] = useState('');
  const hintId = useId();
  const box = useRef(null);
  const heading = useRef(null);
  const addButton = useRef(null);
  const generateButton = useRef(null);
  const removes = (className) => () => box.current?.querySelectorAll(`.${className}`) ?? [];
  const removingOption = useFocusAfterRemoval(removes('variant-option__remove'), () => addButton.current);
  const removingRow = useFocusAfterRemoval(removes('variant-table__remove'), () => heading.current);
  const newName = useRef(null);
  const adding = useRef(false);
  useEffect(() => {
    if (!adding.current) return;
    adding.current = false;
    newName.current?.focus({ cursor: 'all' });
  }, [options.length]);
  const change = (next) => {
    setAsking(false);
    onChange(next);
  };
  const setOption = (i, edit) => change(withOptions(value, options.map((o, k) => (k === i ? { ...o, ...edit } : o))));
  const addNewOption = () => {
    adding.current = true;
    change(addOption(value));
  };
  const removeOption = (i) => {
    removingOption(i);
    change(withOptions(value, options.filter((_, k) => k !== i)));
  };
  const setRow = (i, edit) =>
    change({ ...value, variants: variants.map((row, k) => (k === i ? { ...row, ...edit } : row)) });
  const removeRow = (i) => {
    removingRow(i);
    change({ ...value, variants: variants.filter((_, k) => k !== i) });
  };
  // One set of row actions for every render, calling this render's setRow and removeRow: a
  // row draws again only when it changes (a keystroke in one of 500 rows draws that row).
  const rowEdits = useRef(null);
  rowEdits.current = { setRow, removeRow };
  const rowActions = useMemo(() => ({
    edit: (i, edit) => rowEdits.current.setRow(i, edit),
    remove: (i) => rowEdits.current.removeRow(i),
  }), []);

  const generateRows = () => {
    const next = generate(value, skuPrefix);
    change(next);
    // The same words again are not read again: a second Generate alternates a trailing space.
    setGeneratedText((said) => {
      const now = `${next.variants.length} variant(s) generated`;
      return said === now ? `${now}\u00a0` : now;
    });
  };
  // The notice's buttons and Remove all rows go as they are pressed: focus goes to the button
  // that stays and did the asking (Generate), or to Add option once no row is left.
  const answerGenerate = (generateNow) => {
    if (generateNow) generateRows();
    else setAsking(false);
    generateButton.current?.focus();
  };
  const removeAllRows = () => {
    change({ ...value, variants: [] });
    addButton.current?.focus();
  };
  const askGenerate = () => {
    // Refused, Generate would do nothing to be seen: the focus goes where the fix is.
    const comma = options.findIndex((o) => decimalComma(o.values));
    if (comma >= 0) box.current?.querySelectorAll('.variant-option__field--values input')[comma]?.focus();
    else if (stockOf({ variants: droppedBy(value) }) > 0) setAsking(true);
    else generateRows();
  };
  const dropped = asking ? droppedBy(value) : [];
  const droppedStock = stockOf({ variants: dropped });
  // Rows left without any option: Generate has nothing to make them from.
  const stranded = options.length === 0 && variants.length > 0;
  const problem = error || (stranded ? NO_OPTIONS_LEFT : '');

  return (
    // .variant-editor has min-width 0: a table wider than the form scrolls in its region
    // rather than widen the page.
    <fieldset className="variant-editor" ref={box}>
      <legend style={{ fontWeight: 600, padding: '0 4px' }} ref={heading} tabIndex={-1}>Sizes and colours</legend>
      {options.length === 0 && !stranded && (
        <p style={{ marginTop: 0 }}>Sold as one thing. Add an option to sell it by size or colour.</p>
      )}
      {/* Each option in a box of its own, its fields named where they show: stacked on a
          phone, an option's Remove must not read as the next one's. */}
      {options.map((option, i) => {
        const comma = decimalComma(option.values);
        return (
          <div key={i} className="variant-option">
            <label className="variant-option__field variant-option__field--name">
              <span>Option {i + 1} name</span>
              <Input aria-label={`Option ${i + 1} name`} placeholder="Size" value={option.name} {...AS_TYPED}
                ref={i === options.length - 1 ? newName : undefined}
                aria-describedby={`${hintId}-${i}`} onChange={(e) => setOption(i, { name: e.target.value })} />
            </label>
            <label className="variant-option__field variant-option__field--values">
              <span>Option {i + 1} values, comma-separated</span>
              <Input aria-label={`Option ${i + 1} values`} placeholder="S, M, L" value={option.values} {...AS_TYPED}
                aria-invalid={Boolean(comma) || undefined} aria-describedby={comma ? `${hintId}-${i}-values` : undefined}
                onChange={(e) => setOption(i, { values: e.target.value })} />
            </label>
            <Button className="variant-option__remove" onClick={firstClickOnly(() => removeOption(i))} aria-label={`Remove option ${i + 1}`}>
              Remove
            </Button>
            {/* A line of its own under the fields, so theirs stay level. */}
            <p id={`${hintId}-${i}`} className="variant-option__hint">{optionNameHint(filteredBy(option.name))}</p>
            {comma && (
              <p id={`${hintId}-${i}-values`} role="alert" className="field-error variant-option__error">
                {decimalCommaText(comma)}
              </p>
            )}
          </div>
        );
      })}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Button onClick={addNewOption} disabled={options.length >= MAX_OPTIONS} ref={addButton}>
          Add option
        </Button>
        <Button onClick={askGenerate} disabled={options.length === 0} ref={generateButton}>
          Generate combinations
        </Button>
        {stranded && <Button danger onClick={removeAllRows}>Remove all rows</Button>}
      </div>
      <p aria-live="polite" aria-atomic="true" className="visually-hidden">{generatedText}</p>
      {asking && droppedStock > 0 && (
        <div className="form-notice">
          <p role="alert" style={{ margin: '0 0 8px' }}>
            {droppedStockText(dropped.map((row) => rowName(options, row)), droppedStock)}
          </p>
          <div className="form-notice__actions">
            <Button danger onClick={() => answerGenerate(true)}>Remove them and generate</Button>
            <Button onClick={() => answerGenerate(false)}>Keep them</Button>
          </div>
        </div>
      )}
      {problem && <p role="alert" className="field-error">{problem}</p>}
      {variants.length > 0 && (
        <ScrollRegion label="Variants">
          <table className="stack-table stack-table--fields variant-table">
            <caption style={{ textAlign: 'left', captionSide: 'top', paddingBottom: 4 }}>
              {variants.length} variant(s), {stockOf(value)} in stock
            </caption>
            <thead>
              <tr>
                {COLUMNS.map(([head, className, unseen]) => (
                  <th key={head} scope="col" className={className}>
                    {unseen ? <span className="visually-hidden">{head}</span> : head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {variants.map((row, i) => {
                const name = rowName(options, row);
                return <VariantRow key={row._id ?? name} row={row} index={i} name={name} actions={rowActions} />;
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </fieldset>
  );
}
