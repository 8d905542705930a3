import { NavLink } from 'react-router-dom';

/**
 * SideMenu is the list of links beside a dashboard page. A link stays current on the pages
 * below it (Orders on an order's own page).
 */
export default function SideMenu({ title, links }) {
  return (
    <nav aria-label={title} className="dashboard-menu">
      <p className="dashboard-menu__title">{title}</p>
      <ul className="dashboard-menu__links">
        {links.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
