/** TermList shows [term, value] rows as a two-column term list. */
export default function TermList({ rows }) {
  return (
    <dl className="order-summary" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt style={{ fontWeight: 600 }}>{term}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
