// A keyboard-reachable disclosure menu: a button that opens a list of entries below it.
// Closes on Escape, on a click outside and after an entry is chosen.
import { useEffect, useId, useRef, useState } from 'react';

export default function DropdownMenu({ label, buttonLabel, className = '', children }) {
  const [open, setOpen] = useState(false);
  const root = useRef(null);
  const id = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onClick = (e) => root.current && !root.current.contains(e.target) && setOpen(false);
    const onKey = (e) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`dropdown ${className}`} ref={root}>
      <button
        type="button"
        className="dropdown__toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div id={id} className="dropdown__panel" onClick={(e) => e.target.closest('a,button') && setOpen(false)}>
          {children}
        </div>
      )}
    </div>
  );
}
