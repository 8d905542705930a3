// /login: email and password. Success stores the session and returns to the path carried in
// state (or /); the server's message is shown either way.
import { Button } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import Layout from '../../components/Layout';
import TextField from '../../components/form/TextField';
import useFormState from '../../hooks/useFormState';
import useSubmit from '../../hooks/useSubmit';
import { useAuth } from '../../context/auth';
import { login } from '../../api/auth';
import { FORGET_PASSWORD, HOME, REGISTER } from '../../paths';

export default function Login() {
  const [, setAuth] = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, field] = useFormState({ email: '', password: '' });
  const [submit, busy] = useSubmit(
    () => login(values.email, values.password),
    (answer) => {
      setAuth({ user: answer.user, token: answer.token });
      navigate(typeof location.state === 'string' && location.state ? location.state : HOME);
    },
  );

  return (
    <Layout title="Login">
      <form className="auth-form" onSubmit={submit}>
        <h1>LOGIN FORM</h1>
        <TextField label="Email" type="email" autoComplete="email" required placeholder="Enter Your Email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required placeholder="Enter Your Password" {...field('password')} />
        <Button type="link" onClick={() => navigate(FORGET_PASSWORD)}>Forget Password</Button>
        <Button type="primary" htmlType="submit" disabled={busy}>LOGIN</Button>
        <p>Don&apos;t have an account? <Link to={REGISTER}>Register</Link></p>
      </form>
    </Layout>
  );
}
