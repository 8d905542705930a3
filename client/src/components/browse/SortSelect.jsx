// The sort order of a product list, as a labelled native select.
import { SORTS } from '../../hooks/useBrowseFilters';

const LABELS = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
};

export default function SortSelect({ ref, value, onChange }) {
  return (
    <label className="browse__sort">
      <span>Sort by</span>
      <select ref={ref} className="text-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>{LABELS[sort]}</option>
        ))}
      </select>
    </label>
  );
}
