import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import toast from 'react-hot-toast';
import { useAuth } from '../../context/auth';
import { errorMessage } from '../../api/client';
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
  const [saving, setSaving] = useState(false);

  const change = (name) => (e) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async () => {
    setSaving(true);
    try {
      const data = await updateProfile(values);
      if (data?.error) {
        toast.error(data.error);
        return;
      }
      setAuth({ ...auth, user: data.updatedUser, token: data.token || auth.token });
      toast.success('Profile Updated Successfully');
    } catch (error) {
      const body = error?.response?.data;
      toast.error(body?.error || errorMessage(error, GENERIC_ERROR));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DashboardShell title="Your Profile" menu={<UserMenu />}>
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 480 }}>
        <h4>User Profile</h4>
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
        <Button type="primary" htmlType="submit" loading={saving}>
          Update
        </Button>
      </Form>
    </DashboardShell>
  );
}
