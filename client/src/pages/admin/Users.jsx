import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { getAllUsers } from '../../api/users';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ClientPager from '../../components/dashboard/ClientPager';
import UserTable from '../../components/dashboard/UserTable';
import { GENERIC_ERROR } from '../../components/dashboard/texts';

const PAGE_SIZE = 10;

/** Users is the admin's list of every user, 10 a page. */
export default function Users() {
  const [users, setUsers] = useState([]);
  const [page, setPage] = useState(1);

  useEffect(() => {
    getAllUsers()
      .then((data) => setUsers(data?.users ?? []))
      .catch((error) => toast.error(errorMessage(error, GENERIC_ERROR)));
  }, []);

  const shown = users.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <DashboardShell title="Dashboard - All Users" menu={<AdminMenu />}>
      <h1>All Users</h1>
      <UserTable users={shown} />
      <ClientPager page={page} pageSize={PAGE_SIZE} total={users.length} onChange={setPage} />
    </DashboardShell>
  );
}
