import { Link, NavLink, useLocation } from 'react-router-dom';

/**
 * SideMenu is the list of links beside a dashboard page. A link stays current on the pages
 * below it (Orders on an order's own page), and on the pages its `also` prefix names, whose
 * paths are not below its own (Products on a product's edit page, /admin/product/{slug}).
 */
export default function SideMenu({ title, links }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={title} className="dashboard-menu">
      <p className="dashboard-menu__title">{title}</p>
      <ul className="dashboard-menu__links">
        {links.map(({ to, label, also }) => (
          <li key={to}>
            {also && pathname.startsWith(also) ? (
              <Link to={to} className="active" aria-current="page">
                {label}
              </Link>
            ) : (
              <NavLink to={to}>{label}</NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
