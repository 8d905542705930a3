// /register: the sign-up form; success goes to /login, carrying on the path login returns to. Confirm Password is the `answer`
// field of the API (nothing checks it against the password): the security answer, which a password manager must not
// fill with the saved password (autocomplete off).
import { Link, useLocation, useNavigate } from 'react-router-dom';
import Layout from '../../components/Layout';
import TextField from '../../components/form/TextField';
import useFormState from '../../hooks/useFormState';
import useSubmit from '../../hooks/useSubmit';
import { register } from '../../api/auth';
import { LOGIN } from '../../paths';

export default function Register() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [values, field] = useFormState({ name: '', email: '', password: '', phone: '', address: '', answer: '' });
  const [submit, busy, submitButton] = useSubmit(() => register(values), () => navigate(LOGIN, { state }));

  return (
    <Layout title="Register">
      <form className="auth-form" onSubmit={submit}>
        <h1>REGISTER FORM</h1>
        <TextField label="Name" autoComplete="name" required placeholder="Enter Your Name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" required placeholder="Enter Your Email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" required placeholder="Enter Your Password" {...field('password')} />
        <TextField label="Phone" type="tel" autoComplete="tel" required placeholder="Enter Your Phone" {...field('phone')} />
        <TextField label="Address" autoComplete="street-address" required placeholder="Enter Your Address" {...field('address')} />
        <TextField label="Confirm Password" type="password" autoComplete="off" required placeholder="Confirm Your Password" {...field('answer')} />
        <button type="submit" className="btn btn--primary" disabled={busy} ref={submitButton}>REGISTER</button>
        <p>Already have an account? <Link to={LOGIN} state={state} className="tap-link">Login</Link></p>
      </form>
    </Layout>
  );
}
