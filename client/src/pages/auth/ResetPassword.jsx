// /reset-password: password reset by an emailed link. Without a token it asks for the link
// (the answer is the same whether or not the email has an account); the link comes back here
// with ?token=, where a new password is set and the shopper goes to /login.
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import Layout from '../../components/Layout';
import TextField from '../../components/form/TextField';
import useFormState from '../../hooks/useFormState';
import useSubmit from '../../hooks/useSubmit';
import useFocusBack from '../../hooks/useFocusBack';
import { requestResetLink, resetPassword } from '../../api/auth';
import { useAuth, signedOut } from '../../context/auth';
import { LOGIN, RESET_PASSWORD } from '../../paths';
import { SOMETHING_WENT_WRONG } from '../../texts';

/** What the shopper reads after asking for a link, when the server says nothing itself. */
const LINK_SENT = 'If an account has this email, a link to reset its password is on its way.';

/** AskForLink asks for a link by email and says, in place, what the server answers everyone. */
function AskForLink() {
  const [values, field] = useFormState({ email: '' });
  const ask = useMutation({
    mutationFn: () => requestResetLink(values.email),
    meta: { errorText: SOMETHING_WENT_WRONG },
  });
  const submit = (event) => {
    event.preventDefault();
    ask.mutate();
  };
  const sendButton = useFocusBack(ask.isError);
  const sent = ask.isSuccess ? ask.data?.message || LINK_SENT : '';
  return (
    <form className="auth-form" onSubmit={submit}>
      <h1>RESET PASSWORD BY EMAIL</h1>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <TextField label="Email" type="email" autoComplete="email" required placeholder="Enter Your Email" {...field('email')} />
      <button type="submit" className="btn btn--primary" disabled={ask.isPending} ref={sendButton}>SEND LINK</button>
      <p aria-live="polite">{sent}</p>
      <p><Link to={LOGIN} className="tap-link">Back to login</Link></p>
    </form>
  );
}

function NewPassword({ token }) {
  const navigate = useNavigate();
  const [, setAuth] = useAuth();
  const [values, field] = useFormState({ newpassword: '' });
  // The reset ends every session of the account, and the one of this browser is, almost
  // surely, the account whose mail brought the link: it signs out, and /login shows it so.
  const [submit, busy, submitButton] = useSubmit(() => resetPassword(token, values.newpassword), () => {
    setAuth(signedOut);
    navigate(LOGIN);
  });
  return (
    <form className="auth-form" onSubmit={submit}>
      <h1>CHOOSE A NEW PASSWORD</h1>
      <TextField label="New Password" type="password" autoComplete="new-password" required minLength={6}
        placeholder="Enter Your New Password" {...field('newpassword')} />
      <button type="submit" className="btn btn--primary" disabled={busy} ref={submitButton}>RESET</button>
      <p>Link expired? <Link to={RESET_PASSWORD} className="tap-link">Ask for a new one</Link></p>
    </form>
  );
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Layout title="Reset Password">
      {token ? <NewPassword key={token} token={token} /> : <AskForLink />}
    </Layout>
  );
}
