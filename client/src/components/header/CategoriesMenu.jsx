// Categories dropdown: one link per category to /category/{slug}. A failed load is silent.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { categoriesQuery } from '../../api/categories';
import { categoryPath } from '../../paths';
import DropdownMenu from './DropdownMenu';

export default function CategoriesMenu() {
  const { data: categories = [] } = useQuery(categoriesQuery());
  return (
    <DropdownMenu label="Categories">
      <ul className="dropdown__list" aria-label="Categories">
        {categories.map((c) => (
          <li key={c._id}>
            <Link to={categoryPath(c.slug)}>{c.name}</Link>
          </li>
        ))}
      </ul>
    </DropdownMenu>
  );
}
