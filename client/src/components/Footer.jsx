// Footer: brand heading, five labels and the copyright line.
import { AUTHOR, BRAND } from '../texts';

const labels = ['About', 'sign up', 'sign in', 'products', 'home'];

export default function Footer() {
  return (
    <footer className="site-footer">
      <h2 className="site-footer__brand">{BRAND}</h2>
      <ul className="site-footer__labels">
        {labels.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
      <p className="site-footer__copyright">
        &copy; {AUTHOR} 2024. All rights reserved
      </p>
    </footer>
  );
}
