export default function Users() {
  return <div>Users</div>;
}
