import Layout from '../../components/Layout';

export default function Login() {
  return <Layout title="Login"><h1>Login</h1></Layout>;
}
