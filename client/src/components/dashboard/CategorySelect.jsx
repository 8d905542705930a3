import { useId } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adminCategoriesQuery } from '../../api/categories';
import ErrorState from '../status/ErrorState';
import Field from './FormField';
import shownValue from './shownValue';

/**
 * CategorySelect is the product form's Category choice, over the shop's categories. Until they
 * are in it shows it is loading; when they could not be loaded it says so in its place, with
 * Try again (the toast is SPEC's "Something went wrong in getting category"), rather than offer
 * an empty choice that reads as a shop without categories, or a chosen one shown as its id.
 */
export default function CategorySelect({ value, onChange }) {
  const { data: categories, isPending, isError, error, refetch } = useQuery(adminCategoriesQuery());
  const shownId = useId();
  if (isError && categories === undefined) {
    return <ErrorState what="the categories" error={error} onRetry={refetch} />;
  }
  return (
    <Field id="product-category" label="Category">
      <Select
        id="product-category"
        placeholder="Select a category"
        {...shownValue(shownId, isPending ? undefined : value)}
        style={{ width: '100%' }}
        value={isPending ? undefined : value}
        onChange={onChange}
        loading={isPending}
        options={(categories ?? []).map((c) => ({ value: c._id, label: c.name }))}
        virtual={false} // every category an option to screen readers, not just those beside the active one
      />
    </Field>
  );
}
