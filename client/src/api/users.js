// User calls of the dashboards: the admin's user list and the shopper's profile update.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { SEEN_AS_IT_IS_NOW } from './query-client';
import { SOMETHING_WENT_WRONG } from '../texts';

/** getUsersPage answers {users, total, page}: one page of the users and the number of all of them. */
export const getUsersPage = (page, limit) =>
  api.get('/api/v1/auth/all-users', { params: { page, limit } }).then((d) => {
    const users = d?.users ?? [];
    return { users, total: Number.isFinite(d?.total) ? d.total : users.length, page };
  });

// A new password or security answer travels with the current password; neither is sent otherwise.
export const updateProfile = ({ name, email, password, phone, address, answer, currentPassword }) =>
  api.put('/api/v1/auth/profile', { name, email, password, phone, address, answer, currentPassword });

/**
 * One page of the admin's user list; the page shown stays while the next one loads. Asked
 * again on each visit and when the tab is back in view: shoppers sign up meanwhile.
 */
export const usersPageQuery = (page, limit) =>
  queryOptions({
    queryKey: ['users', page, limit],
    queryFn: () => getUsersPage(page, limit),
    placeholderData: keepPreviousData,
    meta: { errorText: SOMETHING_WENT_WRONG },
    ...SEEN_AS_IT_IS_NOW,
  });
