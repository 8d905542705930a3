// The card payment form: card number (16), expiry MMYY (4) and CVV (3), and Pay.
// Wrong lengths are blocked with Please fill in the correct details and send nothing.
// Pay is disabled while paying; a failed payment is logged only and Pay comes back.
import { useState } from 'react';
import { Button } from 'antd';
import toast from 'react-hot-toast';
import TextField from '../form/TextField';
import { BAD_CARD_DETAILS } from '../../texts';

export const cardComplete = ({ number, expiry, cvv }) =>
  number.length === 16 && expiry.length === 4 && cvv.length === 3;

export default function CardForm({ onPay }) {
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });
  const [paying, setPaying] = useState(false);
  const set = (name) => (value) => setCard((c) => ({ ...c, [name]: value }));

  const submit = async (event) => {
    event.preventDefault();
    if (!cardComplete(card)) {
      toast.error(BAD_CARD_DETAILS);
      return;
    }
    setPaying(true);
    try {
      await onPay();
    } catch (error) {
      console.log(error);
      setPaying(false);
    }
  };

  return (
    <form className="card-form" onSubmit={submit} aria-label="Card payment">
      <TextField label="Card Number" inputMode="numeric" autoComplete="cc-number" placeholder="1234123412341234"
        value={card.number} onChange={set('number')} />
      <TextField label="Expiry (MMYY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MMYY"
        value={card.expiry} onChange={set('expiry')} />
      <TextField label="CVV" inputMode="numeric" autoComplete="cc-csc" placeholder="123"
        value={card.cvv} onChange={set('cvv')} />
      <Button type="primary" htmlType="submit" disabled={paying}>Pay</Button>
    </form>
  );
}
