import Layout from '../components/Layout';

export default function Categories() {
  return <Layout title="Categories"><h1>Categories</h1></Layout>;
}
