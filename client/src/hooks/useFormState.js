// useFormState(initial) returns [values, field]: field(name) gives the value and onChange
// props of one input.
import { useState } from 'react';

export default function useFormState(initial) {
  const [values, setValues] = useState(initial);
  const field = (name) => ({
    value: values[name],
    onChange: (value) => setValues((v) => ({ ...v, [name]: value })),
  });
  return [values, field];
}
