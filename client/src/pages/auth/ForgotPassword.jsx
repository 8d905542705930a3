import Layout from '../../components/Layout';

export default function ForgotPassword() {
  return <Layout title="ForgotPassword"><h1>ForgotPassword</h1></Layout>;
}
