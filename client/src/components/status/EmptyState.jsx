// What a list shows when it has nothing in it: what that means and where to go next.
import { Link } from 'react-router-dom';

export default function EmptyState({ title, children, to, action }) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children}
      {to && (
        <Link to={to} className="btn btn--primary">
          {action}
        </Link>
      )}
    </div>
  );
}
