// /cart: the cart lines with Remove, the address block, the total and, for a signed-in
// shopper with items, the card form. A paid cart is emptied and the shopper goes to their
// orders.
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import Layout from '../components/Layout';
import CartLine from '../components/cart/CartLine';
import AddressBlock from '../components/cart/AddressBlock';
import CardForm from '../components/cart/CardForm';
import { useAuth } from '../context/auth';
import { useCart } from '../context/cart';
import { processPayment } from '../api/payment';
import { USER_ORDERS } from '../paths';
import { PAYMENT_DONE, price } from '../texts';

/** cartTotal is the plain sum of the prices, rounded to paise. */
export const cartTotal = (cart) =>
  cart.reduce((sum, p) => sum + Math.round(Number(p.price || 0) * 100), 0) / 100;

export default function CartPage() {
  const [auth] = useAuth();
  const [cart, setCart] = useCart();
  const navigate = useNavigate();

  const remove = (index) => setCart((items) => items.filter((_, i) => i !== index));

  const pay = async () => {
    await processPayment(cart);
    setCart([]);
    toast.success(PAYMENT_DONE);
    navigate(USER_ORDERS);
  };

  const who = auth.token && auth.user ? auth.user.name : 'Guest';
  return (
    <Layout title="Cart">
      <section className="cart-page">
        <h1 className="page-title">Hello {who}</h1>
        <p>
          {cart.length ? `You have ${cart.length} item(s) in your cart` : 'Your Cart Is Empty'}
          {cart.length > 0 && !auth.token ? ', please login to checkout' : ''}
        </p>
        <div className="cart-page__body">
          <ul className="cart-page__lines" aria-label="Cart items">
            {cart.map((product, i) => (
              <li key={`${product._id}-${i}`}>
                <CartLine product={product} onRemove={() => remove(i)} />
              </li>
            ))}
          </ul>
          <aside className="cart-summary" aria-labelledby="summary-heading">
            <h2 id="summary-heading">Cart Summary</h2>
            <p>Total | Checkout | Payment</p>
            <h3>Total : {price(cartTotal(cart))}</h3>
            <AddressBlock />
            {auth.token && cart.length > 0 && <CardForm onPay={pay} />}
          </aside>
        </div>
      </section>
    </Layout>
  );
}
