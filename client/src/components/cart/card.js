// The card payment form's rules: what a person may type, how it is normalised (spaces in the
// card number, a slash in the expiry) and which fields are still wrong.
import { CARD_CVV_LENGTH, CARD_EXPIRY_LENGTH, CARD_NUMBER_LENGTH } from '../../rules';

/** Characters each field accepts as typed: digits, plus spaces in the number and / in the expiry. */
const typed = { number: /[^\d ]/g, expiry: /[^\d/ ]/g, cvv: /\D/g };

export const cleanInput = (name, value) => value.replace(typed[name], '');

/** normaliseCard keeps only the digits of each field: "4242 4242 ..." and "12/30" count as typed. */
export const normaliseCard = ({ number, expiry, cvv }) => ({
  number: number.replace(/\D/g, ''),
  expiry: expiry.replace(/\D/g, ''),
  cvv: cvv.replace(/\D/g, ''),
});

const wants = {
  number: [CARD_NUMBER_LENGTH, `Enter the ${CARD_NUMBER_LENGTH} digits of the card number.`],
  expiry: [CARD_EXPIRY_LENGTH, 'Enter the expiry as MMYY, for example 12/30.'],
  cvv: [CARD_CVV_LENGTH, `Enter the ${CARD_CVV_LENGTH} digits on the back of the card.`],
};

/** cardErrors names each field whose normalised length is wrong, with what to type instead. */
export function cardErrors(card) {
  const digits = normaliseCard(card);
  return Object.fromEntries(
    Object.entries(wants)
      .filter(([name, [length]]) => digits[name].length !== length)
      .map(([name, [, message]]) => [name, message]),
  );
}
