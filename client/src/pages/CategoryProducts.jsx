import Layout from '../components/Layout';

export default function CategoryProducts() {
  return <Layout title="CategoryProducts"><h1>CategoryProducts</h1></Layout>;
}
