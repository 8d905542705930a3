import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allUsersQuery } from '../../api/users';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import ClientPager from '../../components/dashboard/ClientPager';
import UserTable from '../../components/dashboard/UserTable';
import ErrorState from '../../components/status/ErrorState';
import { LOADING_TEXT } from '../../components/dashboard/texts';
import { ADMIN_USERS_PAGE_SIZE } from '../../rules';

/** Users is the admin's list of every user, 10 a page. */
export default function Users() {
  const [page, setPage] = useState(1);
  const { data: users = [], isPending, isError, refetch } = useQuery(allUsersQuery());
  const shown = users.slice((page - 1) * ADMIN_USERS_PAGE_SIZE, page * ADMIN_USERS_PAGE_SIZE);

  let body;
  if (isPending) body = <p aria-busy="true">{LOADING_TEXT}</p>;
  else if (isError) body = <ErrorState what="the users" onRetry={refetch} />;
  else {
    body = (
      <>
        <UserTable users={shown} />
        <ClientPager page={page} pageSize={ADMIN_USERS_PAGE_SIZE} total={users.length} onChange={setPage} />
      </>
    );
  }
  return (
    <DashboardShell title="Dashboard - All Users" menu={<AdminMenu />}>
      <h1>All Users</h1>
      {body}
    </DashboardShell>
  );
}
