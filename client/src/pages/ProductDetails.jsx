import Layout from '../components/Layout';

export default function ProductDetails() {
  return <Layout title="ProductDetails"><h1>ProductDetails</h1></Layout>;
}
