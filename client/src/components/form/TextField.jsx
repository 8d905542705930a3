// A labelled text input: <TextField label="Email" type="email" value onChange required />.
// The label is tied to the input, so it is found by its label text. A plain input keeps the
// storefront's first load small (antd's Input brings its form machinery along).
import { useId } from 'react';

export default function TextField({ label, type = 'text', value, onChange, ...rest }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="text-input" type={type} value={value}
        onChange={(e) => onChange(e.target.value)} {...rest} />
    </div>
  );
}
