// A named region around a table that may be wider than the screen (.table-scroll). It takes
// the keyboard's focus only while it does scroll sideways, so the arrow keys can scroll it; a
// region that does not scroll would be a Tab stop that does nothing. `boxRef` also receives
// the region's element (a list that finds its rows' buttons in it).
import useScrollsSideways from '../../hooks/useScrollsSideways';

export default function ScrollRegion({ label, labelledBy, boxRef, children }) {
  const [region, scrolls] = useScrollsSideways();
  const setBox = (element) => {
    region.current = element;
    if (boxRef) boxRef.current = element;
  };
  return (
    <div className="table-scroll" tabIndex={scrolls ? 0 : undefined} role="region" aria-label={label}
      aria-labelledby={labelledBy} ref={setBox}>
      {children}
    </div>
  );
}
