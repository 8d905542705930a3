import { Button, Input } from 'antd';

/**
 * CategoryForm is the one-field form used to create a category and to rename one. Its button
 * spins while `saving` (its own write is under way) and waits while `busy` (any write is).
 * `inputRef` is the ref of its name field. Given `onCancel` (the rename dialog), a Cancel button
 * beside Submit calls it: the dialog's × and Esc are not where everyone looks for a way out.
 */
export default function CategoryForm({
  id, value, setValue, onSubmit, onCancel, saving = false, busy = false, inputRef,
}) {
  const submit = (e) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    // The buttons keep together and go below the name when the row leaves it under 160 px (the
    // rename dialog on a phone), rather than squeeze it to a few letters.
    <form onSubmit={submit} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
      <div style={{ flex: '1 1 160px' }}>
        <label htmlFor={id}>Category name</label>
        <Input
          id={id}
          dir="auto"
          placeholder="Enter new category"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          ref={inputRef}
        />
      </div>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="primary" htmlType="submit" loading={saving} disabled={busy && !saving}>
          Submit
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
