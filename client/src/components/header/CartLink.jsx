// Cart link with a badge showing the number of items in the cart. Its name ("Cart, 2 item(s)")
// holds the text it shows, in order: the word Cart (hidden on phones), then the count.
import { NavLink } from 'react-router-dom';
import { useCart } from '../../context/cart';
import { CART } from '../../paths';
import Icon from '../Icon';

export default function CartLink() {
  const [cart] = useCart();
  return (
    <NavLink to={CART} aria-label={`Cart, ${cart.length} item(s)`} className="site-nav__cart">
      <span className="site-nav__cart-label">Cart</span>{' '}
      <span className="cart-icon">
        <Icon name="cart" />
        <span className="cart-badge">{cart.length}</span>
      </span>
    </NavLink>
  );
}
