import { NavLink } from 'react-router-dom';

/** SideMenu is the list of links beside a dashboard page. */
export default function SideMenu({ title, links }) {
  return (
    <nav aria-label={title} className="dashboard-menu">
      <h4>{title}</h4>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {links.map(({ to, label }) => (
          <li key={to} style={{ marginBottom: 8 }}>
            <NavLink to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
