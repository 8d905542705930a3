import { changedBy } from './format';
import { when } from '../../dates';

const dot = (status) => ({
  position: 'absolute', left: -21, top: 6, width: 10, height: 10, borderRadius: '50%',
  background: status === 'Cancelled' ? '#cf1322' : '#1f3b57',
});

/** StatusTimeline shows an order's history, oldest first: each status, when and by whom. */
export default function StatusTimeline({ history }) {
  return (
    <section aria-labelledby="order-history">
      <h2 id="order-history">History</h2>
      <ol aria-label="Status history" style={{ listStyle: 'none', margin: 0, padding: '0 0 0 20px',
        borderLeft: '2px solid #d9d9d9', marginLeft: 4 }}>
        {(history ?? []).map((change, i) => (
          <li key={`${change.status}-${i}`} style={{ position: 'relative', padding: '0 0 12px 8px' }}>
            <span aria-hidden="true" style={dot(change.status)} />
            <strong>{change.status}</strong>
            <br />
            <time dateTime={change.at}>{when(change.at)}</time> {changedBy(change.by)}
          </li>
        ))}
      </ol>
    </section>
  );
}
