/** UserTable lists users with their name, email and phone. */
export default function UserTable({ users }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Users">
    <table style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left' }}>Name</th>
          <th scope="col" style={{ textAlign: 'left' }}>Email</th>
          <th scope="col" style={{ textAlign: 'left' }}>Phone</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user._id}>
            <td>{user.name}</td>
            <td>{user.email}</td>
            <td>{user.phone}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
