import Layout from '../../components/Layout';

export default function Register() {
  return <Layout title="Register"><h1>Register</h1></Layout>;
}
