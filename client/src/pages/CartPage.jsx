// /cart: the cart lines with Remove, the address block, the total and, for a signed-in
// shopper with items, the card form. The lines show each product's current name and price
// (useCurrentCart), so the total (Pay's description) is what checkout charges; a product the
// shop no longer sells says so on its line, and Pay waits until it is removed. While a payment
// runs the lines stay as sent (Remove waits); once paid, those lines leave the cart and the
// shopper goes to their orders; a failed payment is silent (logged) and Pay comes back. Pay
// charges only what the page shows: a price changed since is shown first (see `payment`).
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import Layout from '../components/Layout';
import CartLine from '../components/cart/CartLine';
import AddressBlock from '../components/cart/AddressBlock';
import CardForm from '../components/cart/CardForm';
import useCurrentCart, { fetchCurrentCart } from '../components/cart/useCurrentCart';
import { shownAlike, withoutPaid } from '../components/cart/currentLine';
import { useAuth } from '../context/auth';
import { useCart } from '../context/cart';
import { processPayment } from '../api/payment';
import { sessionCheckQuery } from '../api/auth';
import { ORDERS_KEY } from '../api/orders';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../api/products';
import { cartTotal, useMoney } from '../money';
import { SHOP, USER_ORDERS } from '../paths';
import { CART_BLOCKED, CART_REPRICED, CART_SHORT, PAYMENT_DONE, cartTooLongText } from '../texts';
import { CART_LINES_MAX } from '../rules';

/** blockedBy says why Pay cannot be used yet, or '': a line no longer sold, or too many lines. */
function blockedBy(lines, count) {
  if (lines.some((l) => l.unavailable)) return CART_BLOCKED;
  return count > CART_LINES_MAX ? cartTooLongText(count, CART_LINES_MAX) : '';
}

export default function CartPage() {
  const [auth] = useAuth();
  const [cart, setCart] = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const money = useMoney();
  const lines = useCurrentCart();
  // A session the server no longer accepts ends here (api/client.js), before the shopper types
  // a card into a form whose Pay would be refused.
  useQuery({ ...sessionCheckQuery('user', auth.token), enabled: Boolean(auth.token && cart.length) });

  // Pay asks the shop for every line's product first: when a price or name changed since the
  // page showed it (or a product is gone), nothing is charged; the cart, its total and Pay take
  // the new values, the page says so, and a second click pays the amount now shown.
  const [repriced, setRepriced] = useState(false);
  const payment = useMutation({
    mutationFn: async () => {
      const { current, upToDate } = await fetchCurrentCart(queryClient, cart);
      const changed = current.some((line, i) => line === null || !shownAlike(line, cart[i]));
      if (current.some((line, i) => line !== cart[i])) setCart((items) => items.map((line) => upToDate(line) ?? line));
      if (changed) {
        setRepriced(true);
        throw new Error('The cart changed since it was shown: not paid');
      }
      setRepriced(false);
      await processPayment(cart, auth.user?._id);
      return cart;
    },
    onSuccess: (paid) => {
      // A sale changes the shopper's orders and the stock of what was bought. Only the lines
      // paid for leave the cart: one added meanwhile (in another tab) is still to buy.
      [ORDERS_KEY, PRODUCTS_KEY, PRODUCT_KEY].forEach((queryKey) => queryClient.invalidateQueries({ queryKey }));
      setCart((items) => withoutPaid(items, paid));
      toast.success(PAYMENT_DONE);
      navigate(USER_ORDERS);
    },
  });

  // Remove takes its own button away: focus goes to the Remove of the line that took its
  // place (or the one before), or to the count when the cart is empty, not to the page's top.
  const list = useRef(null);
  const count = useRef(null);
  const removedAt = useRef(null);
  const remove = (index) => {
    removedAt.current = index;
    setRepriced(false); // the shopper has changed the cart since: the total is theirs again
    setCart((items) => items.filter((_, i) => i !== index));
  };
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll('.cart-line .btn--danger') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? count.current)?.focus();
  }, [cart.length]);
  const total = money(cartTotal(lines.map(({ line }) => line)));
  const totalId = useId();
  const who = auth.token && auth.user ? auth.user.name : 'Guest';
  return (
    <Layout title="Cart">
      <section className="cart-page">
        <h1 className="page-title">Hello <bdi>{who}</bdi></h1>
        <p className="cart-page__count" aria-live="polite" aria-atomic="true" tabIndex={-1} ref={count}>
          {cart.length ? `You have ${cart.length} item(s) in your cart` : 'Your Cart Is Empty'}
          {cart.length > 0 && !auth.token ? ', please login to checkout' : ''}
        </p>
        {cart.length === 0 && (
          <p className="cart-page__next">
            <Link to={SHOP} className="btn btn--primary">Browse all products</Link>
          </p>
        )}
        <div className="cart-page__body">
          <ul className="cart-page__lines" aria-label="Cart items" ref={list}>
            {lines.map(({ line, unavailable, short, sold }, i) => (
              <li key={`${line._id}-${i}`}>
                <CartLine product={line} unavailable={unavailable} short={short} sold={sold} onRemove={() => remove(i)}
                  removeDisabled={payment.isPending} />
              </li>
            ))}
          </ul>
          <aside className="cart-summary" aria-labelledby="summary-heading">
            <h2 id="summary-heading">Cart Summary</h2>
            <p>Total | Checkout | Payment</p>
            <p className="cart-summary__total" id={totalId}>Total : {total}</p>
            {/* Always there, so a screen reader hears the text when it is written in. */}
            <p className="cart-summary__changed" aria-live="polite" aria-atomic="true">{repriced ? CART_REPRICED : ''}</p>
            {lines.some((l) => l.short) && <p className="cart-summary__changed">{CART_SHORT}</p>}
            <AddressBlock />
            {auth.token && cart.length > 0 && (
              <CardForm onPay={payment.mutateAsync} totalId={totalId}
                blockedBy={blockedBy(lines, cart.length)} />
            )}
          </aside>
        </div>
      </section>
    </Layout>
  );
}
