import { Card } from 'antd';
import { useAuth } from '../../context/auth';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';

/** AdminDashboard is the admin area's home: the admin's own profile. */
export default function AdminDashboard() {
  const [auth] = useAuth();
  const user = auth?.user ?? {};
  const rows = [
    ['Admin Name', user.name],
    ['Admin Email', user.email],
    ['Admin Contact', user.phone],
  ];
  return (
    <DashboardShell title="Admin Dashboard" menu={<AdminMenu />}>
      <h1 className="visually-hidden">Admin Dashboard</h1>
      <Card>
        {rows.map(([label, value]) => (
          <h2 key={label} className="profile-line">
            {label} : <span dir="auto">{value}</span>
          </h2>
        ))}
      </Card>
    </DashboardShell>
  );
}
