// The buying part of a product page: the price (the chosen variant's, else the lowest of those
// still open), a picker per option, how few are left, and Add to Cart. Add to Cart adds only
// once every option is chosen; before that it says what to choose and moves the focus there. `ask` shows that request
// from the start (a card's Add to Cart sent the shopper here to choose), and takes the shopper
// to it: on a short phone the pickers and the request sat below the screen, so the tap seemed
// to do nothing.
import { useEffect, useRef, useState, useId } from 'react';
import useAddToCart from '../../hooks/useAddToCart';
import { useMoney } from '../../money';
import { LOW_STOCK } from '../../rules';
import { ADD_TO_CART, SOLD_OUT, chooseText, onlyLeftText } from '../../texts';
import OptionPicker from './OptionPicker';
import './variants.css';
import {
  canChoose, cartItem, choose, chosenValue, findVariant, hasOptions, isSoldOut, missingOptions, shownPrice,
} from './variants';

export default function BuyBox({ product, ask = false }) {
  const add = useAddToCart();
  const money = useMoney();
  const pickers = useRef(null);
  const [choice, setChoice] = useState({});
  const [asked, setAsked] = useState(ask);
  const variant = findVariant(product, choice);
  const missing = missingOptions(product, choice);
  const soldOut = isSoldOut(product);
  const askId = useId();

  const pick = (name, value) => setChoice((current) => choose(product, current, name, value));
  const focusFirstOpen = (options) => {
    const open = [...(pickers.current?.querySelectorAll('fieldset') ?? [])].find((f) => !f.querySelector('input:checked'));
    open?.querySelector('input:not(:disabled)')?.focus(options);
  };
  const addToCart = () => {
    if (!hasOptions(product)) {
      add(product);
      return;
    }
    if (missing.length > 0 || !variant) {
      setAsked(true);
      focusFirstOpen();
      return;
    }
    add(cartItem(product, variant));
  };
  // Sent here to choose: the pickers come into view with the request under them, and the first
  // open choice takes the focus, after the page's own move of the focus to its content.
  useEffect(() => {
    if (!ask || soldOut || !hasOptions(product)) return undefined;
    const frame = requestAnimationFrame(() => {
      const request = document.getElementById(askId);
      if (request && request.getBoundingClientRect().bottom > window.innerHeight) {
        pickers.current?.scrollIntoView({ block: 'start' });
      }
      focusFirstOpen({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
    // Once, as the page opens: later renders are the shopper's own choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A product without sizes warns of its own stock, by the same rule as a size.
  const left = hasOptions(product) ? variant?.quantity : product.quantity;
  // The price and the stock line change as sizes are chosen, away from the focus (the price is
  // above the pickers): screen readers are told of them as they change.
  return (
    <div className="buy-box">
      <p className="product-details__price" aria-live="polite" aria-atomic="true">Price: {money(shownPrice(product, choice))}</p>
      {hasOptions(product) && (
        <div className="buy-box__options" ref={pickers}>
          {product.options.map((option) => (
            <OptionPicker
              key={option.name}
              option={option}
              chosen={chosenValue(choice, option.name)}
              available={(value) => canChoose(product, choice, option.name, value)}
              onChoose={pick}
            />
          ))}
        </div>
      )}
      <div aria-live="polite">
        {left > 0 && left <= LOW_STOCK && <p className="buy-box__low">{onlyLeftText(left)}</p>}
      </div>
      <p className="buy-box__ask" role="alert" id={askId}>
        {soldOut ? SOLD_OUT : asked && missing.length > 0 ? chooseText(missing) : ''}
      </p>
      <button type="button" className="btn btn--primary btn--wide" onClick={addToCart} disabled={soldOut}
        aria-describedby={soldOut ? askId : undefined}>
        {ADD_TO_CART}
      </button>
    </div>
  );
}
