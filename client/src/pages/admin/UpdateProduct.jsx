export default function UpdateProduct() {
  return <div>UpdateProduct</div>;
}
