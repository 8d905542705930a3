// User calls of the dashboards: the admin's user list and the shopper's profile update.
import { api, checked } from './client';

export const getAllUsers = () => api.get('/api/v1/auth/all-users').then(checked);

// A new password or security answer travels with the current password; neither is sent otherwise.
export const updateProfile = ({ name, email, password, phone, address, answer, currentPassword }) =>
  api
    .put('/api/v1/auth/profile', { name, email, password, phone, address, answer, currentPassword })
    .then(checked);
