// The size and colour of a cart line or an order item ("Size: M, Colour: Navy"), in the
// order of its product's options when the item carries them (a cart item is the whole
// product); nothing for a product sold without options. Each name and value is the admin's
// own words, in any script: each is isolated (bdi), so a right-to-left one is not reordered
// with the text around it.
import { Fragment } from 'react';
import { variantChoices } from './variants';
import './variants.css';

export default function VariantText({ item }) {
  const choices = variantChoices(item.variant?.options, item.options?.map((option) => option.name));
  if (choices.length === 0) return null;
  return (
    <p className="variant-text">
      {choices.map(([name, value], i) => (
        <Fragment key={name}>
          {i > 0 && ', '}
          <bdi>{name}</bdi>: <bdi>{value}</bdi>
        </Fragment>
      ))}
    </p>
  );
}
