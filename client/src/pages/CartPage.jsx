import Layout from '../components/Layout';

export default function CartPage() {
  return <Layout title="CartPage"><h1>CartPage</h1></Layout>;
}
