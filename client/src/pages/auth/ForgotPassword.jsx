// /forget-password: email, new password and the answer (labelled What is your old password, SPEC's words
// for the security answer, which a password manager must not fill with the saved password: autocomplete off);
// success goes to /login, carrying on the path login returns to. Beside it, a link to the reset by email.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import Layout from '../../components/Layout';
import TextField from '../../components/form/TextField';
import useFormState from '../../hooks/useFormState';
import useSubmit from '../../hooks/useSubmit';
import { forgotPassword } from '../../api/auth';
import { LOGIN, RESET_PASSWORD } from '../../paths';
import { useAuth, signedOut } from '../../context/auth';

const sameEmail = (a, b) => Boolean(a) && a.trim().toLowerCase() === b.trim().toLowerCase();

export default function ForgotPassword() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [auth, setAuth] = useAuth();
  const [values, field] = useFormState({ email: '', newpassword: '', answer: '' });
  const [submit, busy, submitButton] = useSubmit(
    () => forgotPassword(values.email, values.newpassword, values.answer),
    () => {
      // The reset ends every session of that account: this browser's, when it is that one.
      if (sameEmail(auth.user?.email, values.email)) setAuth(signedOut);
      navigate(LOGIN, { state });
    },
  );

  return (
    <Layout title="Forgot Password">
      <form className="auth-form" onSubmit={submit}>
        <h1>RESET PASSWORD</h1>
        <TextField label="Email" type="email" autoComplete="email" required placeholder="Enter Your Email" {...field('email')} />
        <TextField label="New Password" type="password" autoComplete="new-password" required placeholder="Enter Your New Password" {...field('newpassword')} />
        <TextField label="What is your old password" type="password" autoComplete="off" required placeholder="Enter Your Old Password" {...field('answer')} />
        <button type="submit" className="btn btn--primary" disabled={busy} ref={submitButton}>RESET</button>
        <p>Forgot the answer too? <Link to={RESET_PASSWORD} className="tap-link">Get a reset link by email</Link></p>
      </form>
    </Layout>
  );
}
