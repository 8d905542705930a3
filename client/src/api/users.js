// User calls of the dashboards: the admin's user list and the shopper's profile update.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { SOMETHING_WENT_WRONG } from '../texts';

export const getAllUsers = () => api.get('/api/v1/auth/all-users').then((d) => d?.users ?? []);

export const updateProfile = ({ name, email, password, phone, address }) =>
  api.put('/api/v1/auth/profile', { name, email, password, phone, address });

export const allUsersQuery = () =>
  queryOptions({ queryKey: ['users'], queryFn: getAllUsers, meta: { errorText: SOMETHING_WENT_WRONG } });
