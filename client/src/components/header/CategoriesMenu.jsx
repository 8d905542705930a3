// Categories dropdown: one link per category to /category/{slug}. While the categories load it
// says so, rather than opening empty. A failed load is silent (SPEC), and is asked for again
// when the dropdown is next opened, so the menu does not stay empty until a reload.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { categoriesQuery } from '../../api/categories';
import { categoryPath } from '../../paths';
import { LOADING } from '../../texts';
import DropdownMenu from './DropdownMenu';

export default function CategoriesMenu() {
  const { data: categories, isPending, isFetching, isError, refetch } = useQuery(categoriesQuery());
  const loading = !categories && (isPending || isFetching);
  return (
    <DropdownMenu label="Categories" onOpen={() => isError && !isFetching && refetch()}>
      <ul className="dropdown__list" aria-label="Categories" aria-busy={loading}>
        {loading && <li className="dropdown__note">{LOADING}</li>}
        {(categories ?? []).map((c) => (
          <li key={c._id}>
            <Link to={categoryPath(c.slug)} dir="auto">{c.name}</Link>
          </li>
        ))}
      </ul>
    </DropdownMenu>
  );
}
