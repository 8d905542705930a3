import ScrollRegion from './ScrollRegion';
import StackLabel from './StackLabel';

const COLUMNS = [['Name', 'name'], ['Email', 'email'], ['Phone', 'phone']];

/**
 * UserTable lists users with their name, email and phone. On phones it stacks, a block per
 * user and a line per column, so a long email wraps instead of pushing the phone off screen.
 */
export default function UserTable({ users }) {
  return (
    <ScrollRegion label="Users">
      <table className="stack-table" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {COLUMNS.map(([column]) => (
              <th key={column} scope="col" style={{ textAlign: 'left' }}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              {COLUMNS.map(([column, field]) => (
                <td key={column}>
                  <StackLabel>{column}</StackLabel>
                  <bdi>{user[field]}</bdi>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
