// Cart link with a badge showing the number of items in the cart.
import { ShoppingCartOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router-dom';
import { useCart } from '../../context/cart';
import { CART } from '../../paths';

export default function CartLink() {
  const [cart] = useCart();
  return (
    <NavLink to={CART} aria-label={`Cart, ${cart.length} item(s)`} className="site-nav__cart">
      <span className="cart-icon">
        <ShoppingCartOutlined aria-hidden="true" style={{ fontSize: 20 }} />
        <span className="cart-badge">{cart.length}</span>
      </span>
      <span className="site-nav__cart-label">Cart</span>
    </NavLink>
  );
}
