// The size and colour of a cart line or an order item ("Size: M, Colour: Navy"), in the
// order of its product's options when the item carries them (a cart item is the whole
// product); nothing for a product sold without options.
import { variantText } from './variants';
import './variants.css';

export default function VariantText({ item }) {
  const text = variantText(item.variant?.options, item.options?.map((option) => option.name));
  return text ? <p className="variant-text">{text}</p> : null;
}
