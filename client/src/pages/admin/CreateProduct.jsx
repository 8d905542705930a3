export default function CreateProduct() {
  return <div>CreateProduct</div>;
}
