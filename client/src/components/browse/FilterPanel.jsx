// The filters of a product list: category (unless the page is one category's), size, colour,
// a price range and in-stock only, each value with the number of products it would give; a
// long list shows its first values and a Show all button.
// On phones the panel is a drawer opened by the Filters button of the list (`open`), closed
// by its Show results button or Escape; closing it applies a price range typed but not yet
// applied, as the other filters apply at once, and the button says so (Apply and show results)
// rather than promise the count of the range in force; while a count loads (`total`
// undefined), it names none. While open, it is a modal dialog: Tab and Shift+Tab go round its
// own controls (the page behind is covered). A price range whose minimum is above its
// maximum is not applied: the panel says so next to the prices (a live region, so a screen
// reader says it as it appears), Apply price puts the focus on Min price, whose description it
// is, and closing the drawer puts back the range in force, so the fields never show one that is
// not.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMoney } from '../../money';
import { FACET_VALUES_SHOWN } from '../../rules';
import { keepTabInside } from '../../focus';

const PRICE_RANGE_REVERSED = 'Min price must not be more than Max price.';
const APPLY_AND_SHOW = 'Apply and show results';

/**
 * FacetGroup lists a facet's values with their counts. A long list shows its first
 * FACET_VALUES_SHOWN values, and any chosen value beyond them, until its Show all button opens
 * the rest (the server's first screen draws it so, api/httpapi/firstscreen.html). Collapsed,
 * it skips the values other filters brought to 0 (useSteadyFacets keeps them in place), so
 * the values that still give products are not hidden behind Show all.
 */
function FacetGroup({ id, legend, values, chosen, onChange }) {
  const [expanded, setExpanded] = useState(false);
  if (values.length === 0) return null;
  const toggle = (value, on) => onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  const long = values.length > FACET_VALUES_SHOWN;
  const shown = long && !expanded
    ? values.filter(({ value, count }) => count > 0 || chosen.includes(value))
      .filter(({ value }, i) => i < FACET_VALUES_SHOWN || chosen.includes(value))
    : values;
  return (
    <fieldset className="filters__group">
      <legend>{legend}</legend>
      <ul className="filters__values" id={id}>
        {shown.map(({ value, label, count }) => (
          <li key={value}>
            <label className="filters__check">
              {/* A value no product has under the other filters stays in its place, untickable. */}
              <input type="checkbox" checked={chosen.includes(value)} disabled={count === 0 && !chosen.includes(value)}
                onChange={(e) => toggle(value, e.target.checked)} />
              <span dir="auto">{label ?? value}</span>
              <span className="filters__count">({count})</span>
            </label>
          </li>
        ))}
      </ul>
      {long && (
        <button type="button" className="link-button filters__more" aria-expanded={expanded} aria-controls={id}
          onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show fewer' : `Show all ${values.length}`}
        </button>
      )}
    </fieldset>
  );
}

const isReversed = ({ min, max }) => min !== '' && max !== '' && Number(min) > Number(max);

/**
 * usePriceDraft holds the prices typed in the panel, { min, max }, which follow the range in
 * force (`filters`) whenever that changes.
 */
function usePriceDraft(filters) {
  const [draft, setDraft] = useState({ min: filters.minPrice, max: filters.maxPrice });
  useEffect(() => {
    setDraft({ min: filters.minPrice, max: filters.maxPrice });
  }, [filters.minPrice, filters.maxPrice]);
  return [draft, setDraft];
}

/**
 * PriceRange is the panel's two price fields, which hint the list's range in whole rupees
 * (rounded out, so still its bounds): "₹199.99" did not fit the narrow fields beside each other.
 */
function PriceRange({ draft, setDraft, range, onApply }) {
  const money = useMoney();
  const minField = useRef(null);
  const { min, max } = draft;
  const reversed = isReversed(draft);
  const submit = (event) => {
    event.preventDefault();
    // Refused, Apply would do nothing to be seen or heard: the focus goes where the fix is.
    if (reversed) minField.current?.focus();
    else onApply();
  };
  const invalid = {
    'aria-invalid': reversed || undefined,
    'aria-describedby': reversed ? 'price-range-error' : undefined,
  };
  return (
    <form className="filters__group filters__price" onSubmit={submit} aria-label="Price range">
      <p className="filters__legend">Price</p>
      <div className="filters__price-inputs">
        <label>
          <span>Min price</span>
          <input className="text-input" type="number" min="0" step="any" inputMode="decimal" value={min} {...invalid} ref={minField}
            placeholder={range.max ? money(Math.floor(range.min)) : ''} onChange={(e) => setDraft({ ...draft, min: e.target.value })} />
        </label>
        <label>
          <span>Max price</span>
          <input className="text-input" type="number" min="0" step="any" inputMode="decimal" value={max} {...invalid}
            placeholder={range.max ? money(Math.ceil(range.max)) : ''} onChange={(e) => setDraft({ ...draft, max: e.target.value })} />
        </label>
      </div>
      {/* There before its words, as a live region must be to be heard; no room taken while
          empty. A div, not a p: an empty p still reads as a blank line in the page's text, which
          the first screen the server draws does not have. */}
      <div id="price-range-error" className={`field-error${reversed ? ' filters__price-error' : ''}`} aria-live="polite">
        {reversed ? PRICE_RANGE_REVERSED : ''}
      </div>
      <button type="submit" className="btn">Apply price</button>
    </form>
  );
}

export default function FilterPanel({ id, filters, facets, setFilters, withCategory, open, onClose, total }) {
  const panel = useRef(null);
  const [draft, setDraft] = usePriceDraft(filters);
  const applyPrice = () => {
    if (!isReversed(draft)) setFilters({ minPrice: draft.min, maxPrice: draft.max });
  };
  const typed = draft.min !== filters.minPrice || draft.max !== filters.maxPrice;
  const close = () => {
    if (typed) {
      if (isReversed(draft)) setDraft({ min: filters.minPrice, max: filters.maxPrice });
      else applyPrice();
    }
    onClose();
  };
  // A typed range is applied as the drawer closes, and changes the count; a reversed one is put
  // back instead, and the count of the range in force holds.
  let closeText = 'Show results';
  if (total !== undefined) closeText = `Show ${total} ${total === 1 ? 'result' : 'results'}`;
  if (typed && !isReversed(draft)) closeText = APPLY_AND_SHOW;
  // The open drawer's key listener (Escape closes it, Tab stays in it) calls the latest close
  // (with what is typed now), while it is set up (and the panel focused) only as the drawer
  // opens, not at each key typed in a price.
  const latestClose = useRef(close);
  useLayoutEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    if (!open) return undefined;
    panel.current?.focus();
    const onKey = (event) => {
      if (event.key === 'Escape') latestClose.current();
      else keepTabInside(event, panel.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const values = (list) => list.map(({ value, count }) => ({ value, count }));
  return (
    <div
      id={id}
      ref={panel}
      tabIndex={-1}
      className={`filters${open ? ' filters--open' : ''}`}
      aria-label="Filters"
      role={open ? 'dialog' : 'region'}
      aria-modal={open || undefined}
    >
      <h2 className="filters__title">Filters</h2>
      {withCategory && (
        <FacetGroup
          id={`${id}-category`}
          legend="Category"
          values={facets.category.map(({ slug, name, count }) => ({ value: slug, label: name, count }))}
          chosen={filters.category}
          onChange={(category) => setFilters({ category })}
        />
      )}
      <FacetGroup id={`${id}-size`} legend="Size" values={values(facets.size)} chosen={filters.size}
        onChange={(size) => setFilters({ size })} />
      <FacetGroup id={`${id}-colour`} legend="Colour" values={values(facets.colour)} chosen={filters.colour}
        onChange={(colour) => setFilters({ colour })} />
      <PriceRange draft={draft} setDraft={setDraft} range={facets.price} onApply={applyPrice} />
      <label className="filters__check filters__stock">
        <input type="checkbox" checked={filters.inStock} onChange={(e) => setFilters({ inStock: e.target.checked })} />
        <span>In stock only</span>
      </label>
      <button type="button" className="btn btn--primary btn--wide filters__close" onClick={close}>
        {closeText}
      </button>
    </div>
  );
}
