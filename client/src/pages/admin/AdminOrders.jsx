export default function AdminOrders() {
  return <div>AdminOrders</div>;
}
