/**
 * StackLabel names a cell's column where its stack-table stacks (phones, see index.css); wider
 * screens leave that to the header row. Screen readers hear the header, so they skip it.
 */
export default function StackLabel({ children }) {
  return <span className="stack-table__label" aria-hidden="true">{children}</span>;
}
