// User calls of the dashboards: the admin's user list and the shopper's profile update.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { SOMETHING_WENT_WRONG } from '../texts';

export const getAllUsers = () => api.get('/api/v1/auth/all-users').then((d) => d?.users ?? []);

// A new password or security answer travels with the current password; neither is sent otherwise.
export const updateProfile = ({ name, email, password, phone, address, answer, currentPassword }) =>
  api.put('/api/v1/auth/profile', { name, email, password, phone, address, answer, currentPassword });

export const allUsersQuery = () =>
  queryOptions({ queryKey: ['users'], queryFn: getAllUsers, meta: { errorText: SOMETHING_WENT_WRONG } });
