import Layout from '../components/Layout';

export default function Search() {
  return <Layout title="Search"><h1>Search</h1></Layout>;
}
