// A labelled text input: <TextField label="Email" type="email" value onChange required />.
// The label is tied to the input, so it is found by its label text.
import { useId } from 'react';
import { Input } from 'antd';

export default function TextField({ label, type = 'text', value, onChange, ...rest }) {
  const id = useId();
  const Field = type === 'password' ? Input.Password : Input;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <Field id={id} type={type === 'password' ? undefined : type} value={value}
        onChange={(e) => onChange(e.target.value)} {...rest} />
    </div>
  );
}
