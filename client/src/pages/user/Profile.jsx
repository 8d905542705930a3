import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useAuth } from '../../context/auth';
import { updateProfile } from '../../api/users';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';
import { GENERIC_ERROR } from '../../components/dashboard/texts';

const FIELDS = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', type: 'email', disabled: true, readOnly: true },
  { name: 'password', label: 'Password', type: 'password' },
  { name: 'phone', label: 'Phone' },
  { name: 'address', label: 'Address' },
];

/** Profile lets a shopper edit everything but their email. */
export default function Profile() {
  const [auth, setAuth] = useAuth();
  const user = auth?.user ?? {};
  const [values, setValues] = useState({
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    phone: user.phone ?? '',
    address: user.address ?? '',
  });

  const change = (name) => (e) => setValues((v) => ({ ...v, [name]: e.target.value }));

  // A refusal shows the answer's error text or message, else Something went wrong.
  const save = useMutation({
    mutationFn: () => updateProfile(values),
    meta: { errorText: GENERIC_ERROR },
    onSuccess: (data) => {
      setAuth({ ...auth, user: data.updatedUser, token: data.token || auth.token });
      toast.success('Profile Updated Successfully');
    },
  });

  return (
    <DashboardShell title="Your Profile" menu={<UserMenu />}>
      <Form layout="vertical" onFinish={() => save.mutate()} style={{ maxWidth: 480 }}>
        <h1 className="dashboard__title">User Profile</h1>
        {FIELDS.map(({ name, label, type, disabled, readOnly }) => (
          <Form.Item key={name} label={label} htmlFor={`profile-${name}`}>
            <Input
              id={`profile-${name}`}
              type={type ?? 'text'}
              value={values[name]}
              onChange={change(name)}
              disabled={disabled}
              readOnly={readOnly}
              placeholder={`Enter Your ${label}`}
            />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Update
        </Button>
      </Form>
    </DashboardShell>
  );
}
