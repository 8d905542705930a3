export default function Orders() {
  return <div>Orders</div>;
}
