import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useAuth } from '../../context/auth';
import { updateProfile } from '../../api/users';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import { PROFILE_UPDATED, SOMETHING_WENT_WRONG } from '../../texts';

const FIELDS = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', type: 'email', disabled: true, readOnly: true },
  // A new password, not the saved one a password manager would fill in (the form then asked
  // for the current password of a change nobody made); the current one is the saved one.
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password',
    needsSecretChange: true,
  },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'address', label: 'Address' },
  {
    name: 'answer', label: 'New security answer', placeholder: 'Leave empty to keep your answer', autoComplete: 'off',
    onRequest: true,
  },
];

/** The form as sent: the new answer and the current password only when a secret changes. */
function payload({ answer, currentPassword, ...rest }) {
  if (!rest.password && !answer) return rest;
  return { ...rest, ...(answer ? { answer } : {}), currentPassword };
}

/**
 * Profile lets a shopper edit everything but their email. A new password or security answer
 * asks for the current password, so a stolen session alone cannot take the account. The form
 * is SPEC's (Name, Email, Password, Phone, Address): the new security answer shows only once
 * the shopper asks to change it.
 */
export default function Profile() {
  const [auth, setAuth] = useAuth();
  const user = auth?.user ?? {};
  const [values, setValues] = useState({
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    currentPassword: '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    answer: '',
  });
  const [changingAnswer, setChangingAnswer] = useState(false);
  const changesSecret = values.password !== '' || values.answer !== '';
  const shown = (f) => (!f.needsSecretChange || changesSecret) && (!f.onRequest || changingAnswer);

  const change = (name) => (e) => setValues((v) => ({ ...v, [name]: e.target.value }));

  // A refusal shows the answer's error text or message, else Something went wrong. The answer
  // updates the session as it is when it comes, and only the session that sent the save (the
  // token it went with): a shopper who logged out meanwhile stays logged out. A saved password
  // or answer leaves the form, so the next save (of an address, say) does not send it again
  // with a current password that is no longer current. The form then shows what was saved:
  // the server keeps a name, phone or address sent empty as it was, and a blank field would
  // say otherwise.
  const save = useMutation({
    mutationFn: () => updateProfile(payload(values)),
    meta: { errorText: SOMETHING_WENT_WRONG },
    onSuccess: (data, sentWith) => {
      setAuth((current) => (current.token === sentWith
        ? { ...current, user: data.updatedUser, token: data.token || current.token }
        : current));
      const saved = data.updatedUser ?? {};
      setValues((v) => ({
        ...v, name: saved.name ?? v.name, phone: saved.phone ?? v.phone, address: saved.address ?? v.address,
        password: '', currentPassword: '', answer: '',
      }));
      setChangingAnswer(false);
      toast.success(PROFILE_UPDATED);
    },
  });

  return (
    <DashboardShell title="Your Profile" menu={<UserMenu />}>
      <Form layout="vertical" onFinish={() => save.mutate(auth.token)} style={{ maxWidth: 480 }}>
        <h1 className="dashboard__title">User Profile</h1>
        {FIELDS.filter(shown).map(
          ({ name, label, type, autoComplete, disabled, readOnly, placeholder, onRequest }) => (
            <Form.Item key={name} label={label} htmlFor={`profile-${name}`}>
              <Input
                id={`profile-${name}`}
                type={type ?? 'text'}
                autoComplete={autoComplete}
                value={values[name]}
                onChange={change(name)}
                disabled={disabled}
                readOnly={readOnly}
                placeholder={placeholder ?? `Enter Your ${label}`}
                autoFocus={onRequest}
              />
            </Form.Item>
          ),
        )}
        {!changingAnswer && (
          <Form.Item>
            <Button onClick={() => setChangingAnswer(true)}>Change security answer</Button>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Update
        </Button>
      </Form>
    </DashboardShell>
  );
}
