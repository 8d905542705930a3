import { usersPageQuery } from '../../api/users';
import DashboardShell from '../../components/dashboard/DashboardShell';
import AdminMenu from '../../components/dashboard/AdminMenu';
import Pager from '../../components/dashboard/Pager';
import UserTable from '../../components/dashboard/UserTable';
import ErrorState from '../../components/status/ErrorState';
import { LOADING_TEXT } from '../../texts';
import usePagedQuery from '../../hooks/usePagedQuery';
import { ADMIN_USERS_PAGE_SIZE } from '../../rules';

/** Users is the admin's list of every user, 10 a page from the server. */
export default function Users() {
  const { data, isPending, isError, error, refetch, page, setPage } = usePagedQuery(
    (n) => usersPageQuery(n, ADMIN_USERS_PAGE_SIZE),
    ADMIN_USERS_PAGE_SIZE,
  );

  let body;
  if (isPending) body = <p aria-busy="true">{LOADING_TEXT}</p>;
  else if (isError) body = <ErrorState what="the users" error={error} onRetry={refetch} />;
  else {
    body = (
      <>
        <UserTable users={data.users} />
        <Pager page={page} pageSize={ADMIN_USERS_PAGE_SIZE} total={data.total} onChange={setPage} />
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
