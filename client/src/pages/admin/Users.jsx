import { useRef } from 'react';
import { usersPageQuery } from '../../api/users';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import PagedList from '../../components/dashboard/PagedList';
import UserTable from '../../components/dashboard/UserTable';
import EmptyState from '../../components/status/EmptyState';
import { ADMIN_USERS_PAGE_SIZE } from '../../rules';

/** Users is the admin's list of every user, 10 a page from the server. */
export default function Users() {
  const heading = useRef(null);
  return (
    <DashboardShell title="Dashboard - All Users" menu={<AdminMenu />}>
      <h1 ref={heading} tabIndex={-1}>All Users</h1>
      <PagedList heading={heading} pageOf={(n) => usersPageQuery(n, ADMIN_USERS_PAGE_SIZE)} pageSize={ADMIN_USERS_PAGE_SIZE}
        what="the users" empty={<EmptyState title="No users yet." />}>
        {(data) => <UserTable users={data.users} />}
      </PagedList>
    </DashboardShell>
  );
}
