import Layout from '../components/Layout';

export default function Shop() {
  return <Layout title="Shop"><h1>Shop</h1></Layout>;
}
