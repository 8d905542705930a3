// A product sold by size and colour, shaped like the API's answer, for the variant tests.
import { makeProduct } from '../../test/fixtures';

const variant = (n, Size, Colour, quantity, price) => ({
  _id: `v${n}`, sku: `TEE-${Size}-${Colour}`, options: { Size, Colour }, quantity, ...(price ? { price } : {}),
});

/** tee: M Navy has 2 left, L Navy is sold out, L Sand costs more, S is not made in Sand. */
export const tee = makeProduct(20, {
  name: 'Linen Tee',
  slug: 'linen-tee',
  price: 500,
  quantity: 16,
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }, { name: 'Colour', values: ['Navy', 'Sand'] }],
  variants: [
    variant(1, 'S', 'Navy', 5),
    variant(2, 'M', 'Navy', 2),
    variant(3, 'M', 'Sand', 4),
    variant(4, 'L', 'Navy', 0),
    variant(5, 'L', 'Sand', 5, 650),
  ],
});
