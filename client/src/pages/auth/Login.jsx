// /login: email and password. Success stores the session and returns to the path carried in
// state (or /), in place of the login page in the history, so Back does not show a signed-in
// shopper the login form; the server's message is shown either way. Register and Forget
// Password carry the path on, so a shopper sent here from the cart who first registers (or
// resets) still comes back to it.
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
  const [submit, busy, submitButton] = useSubmit(
    () => login(values.email, values.password),
    (answer) => {
      setAuth({ user: answer.user, token: answer.token });
      navigate(typeof location.state === 'string' && location.state ? location.state : HOME, { replace: true });
    },
  );

  return (
    <Layout title="Login">
      <form className="auth-form" onSubmit={submit}>
        <h1>LOGIN FORM</h1>
        <TextField label="Email" type="email" autoComplete="email" required placeholder="Enter Your Email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required placeholder="Enter Your Password" {...field('password')} />
        <button type="button" className="btn btn--link" onClick={() => navigate(FORGET_PASSWORD, { state: location.state })}>Forget Password</button>
        <button type="submit" className="btn btn--primary" disabled={busy} ref={submitButton}>LOGIN</button>
        <p>Don&apos;t have an account? <Link to={REGISTER} state={location.state} className="tap-link">Register</Link></p>
      </form>
    </Layout>
  );
}
