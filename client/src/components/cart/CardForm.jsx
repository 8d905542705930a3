// The card payment form: card number (16 digits, spaces allowed), expiry MMYY (4 digits,
// 12/30 allowed) and CVV (3), and a button that reads Pay, as SPEC names it, described for a
// screen reader by the total it pays (`totalId`, the summary's total) or by why it cannot pay.
// Wrong lengths are refused with Please fill in the correct details and a note beside each
// wrong field, and send nothing; the first wrong field takes the keyboard's focus, its note
// read with it. Pay is disabled while paying, and while `blockedBy` says why it cannot be used
// (a cart line can no longer be bought); a failed payment is logged only and Pay comes back,
// with the keyboard's focus; a payment that succeeds takes the earlier refusal off the screen.
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import TextField from '../form/TextField';
import { BAD_CARD_DETAILS } from '../../texts';
import { cardErrors, cleanInput } from './card';

const REFUSED_TOAST = 'card-details-refused';

export default function CardForm({ onPay, totalId, blockedBy = '' }) {
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState({});
  const [paying, setPaying] = useState(false);
  const pay = useRef(null);
  const failed = useRef(false);
  const blockedId = useId();
  const form = useRef(null);
  const refused = useRef(false);
  // A refusal takes the keyboard's focus to the first wrong field once it is marked, so a screen
  // reader reads the field with its note, and the person is where the fix is typed.
  useEffect(() => {
    if (!refused.current) return;
    refused.current = false;
    form.current?.querySelector('[aria-invalid="true"]')?.focus();
  }, [errors]);
  // Pay is disabled while paying, which takes the keyboard's focus from it: after a failure
  // it comes back to Pay, not to the top of the page.
  useEffect(() => {
    if (!paying && failed.current) {
      failed.current = false;
      pay.current?.focus();
    }
  }, [paying]);
  const set = (name) => (value) => {
    setCard((c) => ({ ...c, [name]: cleanInput(name, value) }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const submit = async (event) => {
    event.preventDefault();
    const wrong = cardErrors(card);
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) {
      refused.current = true;
      toast.error(BAD_CARD_DETAILS, { id: REFUSED_TOAST });
      return;
    }
    setPaying(true);
    try {
      await onPay();
      toast.dismiss(REFUSED_TOAST);
    } catch {
      failed.current = true;
      setPaying(false); // the failure was logged where the call was made
    }
  };

  return (
    <form className="card-form" onSubmit={submit} aria-label="Card payment" noValidate ref={form}>
      <TextField label="Card Number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234"
        maxLength={23} value={card.number} onChange={set('number')} error={errors.number} />
      <TextField label="Expiry (MMYY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MMYY"
        maxLength={7} value={card.expiry} onChange={set('expiry')} error={errors.expiry} />
      <TextField label="CVV" inputMode="numeric" autoComplete="cc-csc" placeholder="123"
        maxLength={4} value={card.cvv} onChange={set('cvv')} error={errors.cvv} />
      {blockedBy && <p className="card-form__blocked" id={blockedId}>{blockedBy}</p>}
      <button type="submit" className="btn btn--primary btn--wide" disabled={paying || Boolean(blockedBy)} ref={pay}
        aria-describedby={blockedBy ? blockedId : totalId}>
        Pay
      </button>
    </form>
  );
}
