import Layout from '../components/Layout';

export default function InfoPage() {
  return <Layout title="InfoPage"><h1>InfoPage</h1></Layout>;
}
