// A labelled text input: <TextField label="Email" type="email" value onChange required />.
// The label is tied to the input, so it is found by its label text; `error` marks the field
// invalid and says why beside it. A plain input keeps the storefront's first load small.
import { useId } from 'react';

export default function TextField({ label, type = 'text', value, onChange, error, ...rest }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="text-input" type={type} value={value}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)} {...rest} />
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
