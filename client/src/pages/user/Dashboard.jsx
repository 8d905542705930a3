import { Card } from 'antd';
import { useAuth } from '../../context/auth';
import DashboardShell from '../../components/dashboard/DashboardShell';
import UserMenu from '../../components/dashboard/UserMenu';

/** Dashboard is the shopper's dashboard home: a summary of their profile. */
export default function Dashboard() {
  const [auth] = useAuth();
  const user = auth?.user ?? {};
  return (
    <DashboardShell title="Dashboard - Clothing Shop" menu={<UserMenu />}>
      <h1 className="visually-hidden">Dashboard</h1>
      <Card>
        <h2 dir="auto">{user.name}</h2>
        <p>{user.email}</p>
        <p dir="auto">{user.address}</p>
        <p dir="auto">{user.phone}</p>
      </Card>
    </DashboardShell>
  );
}
