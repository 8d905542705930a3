// The size and colour of a cart line or an order item ("Size: M, Colour: Navy"); nothing for
// a product sold without options.
import { variantText } from '../../texts';
import './variants.css';

export default function VariantText({ variant, className = 'variant-text' }) {
  const text = variantText(variant?.options);
  return text ? <p className={className}>{text}</p> : null;
}
