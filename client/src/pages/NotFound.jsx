import Layout from '../components/Layout';

export default function NotFound() {
  return <Layout title="NotFound"><h1>NotFound</h1></Layout>;
}
