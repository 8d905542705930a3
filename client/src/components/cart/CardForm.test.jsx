// The card form on the cart page as a shopper fills it in: what it accepts as typed, how it
// marks a wrong field, what Pay says, and which toasts stay on screen.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { catalogueHandlers, server, url } from '../../test/server';
import { makeProduct, signedIn, user } from '../../test/fixtures';

const REFUSED = 'Please fill in the correct details';
const shirt = makeProduct(1, { price: 499.5 });
const jeans = makeProduct(2, { price: 1200 });

// react-hot-toast keeps a dismissed toast in the page, hidden (its box loses its class), until
// its exit animation has run: the toasts a person sees are the boxes that keep it.
const shownToasts = () =>
  [...document.querySelectorAll('[data-rht-toaster] > div')].filter((box) => box.className).map((box) => box.textContent);

const field = (label) => screen.getByLabelText(label);
const payButton = () => screen.getByRole('button', { name: /^Pay\b/ });

/** answerPayments answers every payment with success and keeps what each one sent. */
function answerPayments() {
  const bodies = [];
  server.use(http.post(url('product/process-payment'), async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({ success: true, message: 'Payment done' }, { status: 201 });
  }));
  return bodies;
}

const openCart = (cart = [shirt]) => renderRoute('/cart', { cart, auth: signedIn(user) });

describe('card form', () => {
  beforeEach(() => server.use(...catalogueHandlers([shirt, jeans])));

  it('names Pay as SPEC does, the total it pays read with it', async () => {
    await openCart([shirt, jeans]);
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveTextContent(/^Pay$/);
    expect(payButton()).toHaveAccessibleDescription('Total : ₹1699.5');
  });

  it('takes digits only, with spaces in the number and a slash in the expiry, and asks for a number pad', async () => {
    const { user: person } = await openCart();
    for (const label of ['Card Number', 'Expiry (MMYY)', 'CVV']) {
      expect(field(label)).toHaveAttribute('inputmode', 'numeric');
    }
    await person.type(field('Card Number'), '4242 42a4-2 4242x');
    await person.type(field('Expiry (MMYY)'), '1b2/30');
    await person.type(field('CVV'), '1.2e3');
    expect(field('Card Number')).toHaveValue('4242 4242 4242');
    expect(field('Expiry (MMYY)')).toHaveValue('12/30');
    expect(field('CVV')).toHaveValue('123');
  });

  it('pays with a card number typed in groups and an expiry typed as 12/30', async () => {
    const payments = answerPayments();
    const { user: person, router } = await openCart();
    await person.type(field('Card Number'), '4242 4242 4242 4242');
    await person.type(field('Expiry (MMYY)'), '12/30');
    await person.type(field('CVV'), '123');
    await person.click(payButton());
    expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(shownToasts()).toEqual(['Payment Completed Successfully']);
    expect(payments).toHaveLength(1);
    expect(payments[0].nonce).toEqual(expect.any(String));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/orders'));
  });

  it('marks each wrong field beside it as well as by the toast, and sends nothing', async () => {
    const payments = answerPayments();
    const { user: person } = await openCart();
    await person.type(field('Card Number'), '4242 4242 4242 424');
    await person.type(field('Expiry (MMYY)'), '12/30');
    await person.type(field('CVV'), '12');
    await person.click(payButton());

    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(field('Card Number')).toBeInvalid();
    expect(field('Card Number')).toHaveAccessibleDescription('Enter the 16 digits of the card number.');
    expect(field('CVV')).toBeInvalid();
    expect(field('CVV')).toHaveAccessibleDescription('Enter the 3 digits on the back of the card.');
    expect(field('Expiry (MMYY)')).toBeValid();
    expect(field('Expiry (MMYY)')).not.toHaveAccessibleDescription();
    expect(payments).toHaveLength(0);

    // Typing in a marked field takes its mark away; the other stays marked.
    await person.type(field('Card Number'), '2');
    expect(field('Card Number')).toBeValid();
    expect(screen.queryByText('Enter the 16 digits of the card number.')).not.toBeInTheDocument();
    expect(field('CVV')).toBeInvalid();
  });

  // Pay with wrong fields left the focus on Pay: the notes were tied to their fields, but
  // nothing took a keyboard or screen reader user there.
  it('takes the keyboard\'s focus to the first wrong field, which says why', async () => {
    const { user: person } = await openCart();
    await person.click(payButton());
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(field('Card Number')).toHaveFocus();
    expect(field('Card Number')).toHaveAccessibleDescription('Enter the 16 digits of the card number.');

    await person.type(field('Card Number'), '4242 4242 4242 4242');
    await person.type(field('Expiry (MMYY)'), '12/30');
    await person.click(payButton());
    expect(field('CVV')).toHaveFocus();
    expect(field('CVV')).toBeInvalid();
  });

  it('marks an expiry of three digits, slash or not', async () => {
    const { user: person } = await openCart();
    await person.type(field('Card Number'), '4242424242424242');
    await person.type(field('Expiry (MMYY)'), '1/30');
    await person.type(field('CVV'), '123');
    await person.click(payButton());
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(field('Expiry (MMYY)')).toHaveAccessibleDescription('Enter the expiry as MMYY, for example 12/30.');
    expect(field('Card Number')).toBeValid();
  });

  it('takes an earlier refusal off the screen once the payment succeeds', async () => {
    const payments = answerPayments();
    const { user: person } = await openCart();
    await person.type(field('Card Number'), '4242 4242 4242 4242');
    await person.type(field('Expiry (MMYY)'), '12/3');
    await person.type(field('CVV'), '123');
    await person.click(payButton());
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(shownToasts()).toEqual([REFUSED]);

    await person.type(field('Expiry (MMYY)'), '0');
    await person.click(payButton());
    expect(await screen.findByText('Payment Completed Successfully')).toBeInTheDocument();
    expect(payments).toHaveLength(1);
    expect(shownToasts()).toEqual(['Payment Completed Successfully']);
  });

  it('gives the keyboard\'s focus back to Pay after a failed payment', async () => {
    let fail;
    server.use(http.post(url('product/process-payment'), () => new Promise((resolve) => {
      fail = () => resolve(HttpResponse.error());
    })));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {}); // a failed payment is silent, logged only
    const { user: person } = await openCart();
    await person.type(field('Card Number'), '4242424242424242');
    await person.type(field('Expiry (MMYY)'), '1230');
    await person.type(field('CVV'), '123');
    await person.click(payButton());
    await waitFor(() => expect(payButton()).toBeDisabled());
    // A browser takes focus off a button as it is disabled, to the page; jsdom leaves it there.
    document.body.tabIndex = -1;
    document.body.focus();
    expect(payButton()).not.toHaveFocus();
    await waitFor(() => expect(fail).toBeTypeOf('function'));
    fail();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await waitFor(() => expect(payButton()).toHaveFocus());
    document.body.removeAttribute('tabindex');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
