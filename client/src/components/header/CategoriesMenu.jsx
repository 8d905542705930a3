// Categories dropdown: one link per category to /category/{slug}.
import { Link } from 'react-router-dom';
import useCategories from '../../hooks/useCategories';
import { categoryPath } from '../../paths';
import DropdownMenu from './DropdownMenu';

export default function CategoriesMenu() {
  const categories = useCategories();
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
