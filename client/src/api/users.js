// User calls of the dashboards: the admin's user list and the shopper's profile update.
import { api, checked } from './client';

export const getAllUsers = () => api.get('/api/v1/auth/all-users').then(checked);

export const updateProfile = ({ name, email, password, phone, address }) =>
  api.put('/api/v1/auth/profile', { name, email, password, phone, address }).then(checked);
