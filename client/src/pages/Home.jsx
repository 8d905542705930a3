import Layout from '../components/Layout';

export default function Home() {
  return <Layout title="Home"><h1>Home</h1></Layout>;
}
