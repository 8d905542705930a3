// A keyboard-reachable disclosure menu: a button that opens a list of entries below it.
// Closes on Escape (focus goes back to its button, not to the page), on a click outside, when
// Tab leaves it (an open panel would cover the page the focus moved to) and after an entry is
// chosen. `onOpen` is called as it
// opens (a menu whose entries failed to load asks for them again).
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

// The fewest entries (44 px each) a panel keeps in view on the shortest screen.
const MIN_PANEL_HEIGHT = 3 * 44;

/**
 * useFitToScreen bounds an open panel that hangs below the sticky header to the screen below
 * its top, so that a long list (the categories on a landscape phone) scrolls inside it rather
 * than running off the bottom, where its last entries could never be reached. A panel laid out
 * in place (inside the phone menu, which scrolls itself) is left as it is.
 */
function useFitToScreen(panel, open) {
  useLayoutEffect(() => {
    if (!open) return undefined;
    const fit = () => {
      const el = panel.current;
      if (!el) return;
      el.style.maxHeight = '';
      if (getComputedStyle(el).position !== 'absolute') return;
      const room = window.innerHeight - el.getBoundingClientRect().top - 8;
      el.style.maxHeight = `${Math.max(room, MIN_PANEL_HEIGHT)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [panel, open]);
}

export default function DropdownMenu({ label, buttonLabel, className = '', onOpen, children }) {
  const [open, setOpen] = useState(false);
  const root = useRef(null);
  const panel = useRef(null);
  const toggle = useRef(null);
  const id = useId();
  useFitToScreen(panel, open);

  useEffect(() => {
    if (!open) return undefined;
    const onClick = (e) => root.current && !root.current.contains(e.target) && setOpen(false);
    const onKey = (e) => {
      if (e.key !== 'Escape') return;
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
      setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className={`dropdown ${className}`}
      ref={root}
      onBlur={(e) => e.relatedTarget && !root.current.contains(e.relatedTarget) && setOpen(false)}
    >
      <button
        ref={toggle}
        type="button"
        className="dropdown__toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {label}
      </button>
      {open && (
        <div id={id} ref={panel} className="dropdown__panel" onClick={(e) => e.target.closest('a,button') && setOpen(false)}>
          {children}
        </div>
      )}
    </div>
  );
}
