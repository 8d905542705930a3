export default function CreateCategory() {
  return <div>CreateCategory</div>;
}
