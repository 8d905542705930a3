/** FormField is a labelled block holding one input of a dashboard form. */
export default function FormField({ id, label, children }) {
  return (
    <div style={{ marginBottom: 16 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
    </div>
  );
}
