// Sign-up and sign-in: register goes to /login, a wrong password is refused with the server's
// message, a guarded page opened while signed out counts down to /login and comes back after
// the sign-in; then the profile, logout and a password reset.
import assert from 'node:assert/strict';
import { at, field, guardedVisit, journey, see, signIn, unique } from '../helpers.js';

export default function accounts() {
  journey('accounts: sign-up, sign-in back to a guarded page, profile and password reset', async ({ page, step }) => {
    const person = { name: 'Ada Lovelace', email: `ada-${unique()}@example.test`, password: 'secret-ada' };

    await step('register', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Register' }).click();
      await at(page, '/register');
      await see(page, 'REGISTER FORM');
      await field(page, 'Name').fill(person.name);
      await field(page, 'Email').fill(person.email);
      await field(page, 'Password').fill(person.password);
      await field(page, 'Phone').fill('+91 98765 43210');
      await field(page, 'Address').fill('12 Analytical Lane, Pune');
      await field(page, 'Confirm Password').fill('babbage');
      await page.getByRole('button', { name: 'REGISTER' }).click();
      await see(page, 'Registered successfully. Please sign in.');
      await at(page, '/login');
    });

    await step('the same email cannot register twice', async () => {
      await page.goto('/register');
      await field(page, 'Name').fill('Someone Else');
      await field(page, 'Email').fill(person.email);
      await field(page, 'Password').fill('another-secret');
      await field(page, 'Phone').fill('1');
      await field(page, 'Address').fill('Elsewhere');
      await field(page, 'Confirm Password').fill('x');
      await page.getByRole('button', { name: 'REGISTER' }).click();
      await see(page, 'An account with this email already exists. Please sign in.');
      await at(page, '/register');
    });

    await step('a guarded page sends the visitor to /login after the countdown', async () => {
      await guardedVisit(page, '/dashboard/user/orders', '/login');
    });

    await step('a wrong password is refused', async () => {
      await field(page, 'Email').fill(person.email);
      await field(page, 'Password').fill('not-the-password');
      await page.getByRole('button', { name: 'LOGIN' }).click();
      await see(page, 'Invalid email or password.');
      await at(page, '/login');
    });

    await step('signing in returns to the guarded page', async () => {
      await signIn(page, person);
      await see(page, 'Signed in successfully.');
      await at(page, '/dashboard/user/orders');
      await see(page, 'Orders');
    });

    await step('the avatar menu shows the initials, name and email; Dashboard opens the profile', async () => {
      await page.getByRole('button', { name: `Account menu of ${person.name}` }).click();
      await see(page, person.email);
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await at(page, '/dashboard/user');
      await see(page, '12 Analytical Lane, Pune');
      await see(page, 'AL');
    });

    await step('the profile keeps the email and saves a new phone and password', async () => {
      await page.getByRole('link', { name: 'Profile' }).click();
      await at(page, '/dashboard/user/profile');
      await see(page, 'User Profile');
      const email = page.getByLabel('Email', { exact: true });
      assert.equal(await email.inputValue(), person.email);
      assert.equal(await email.isDisabled(), true);
      assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
      await page.getByLabel('Phone', { exact: true }).fill('+91 90000 11111');
      await page.getByLabel('Password', { exact: true }).fill('secret-ada-2');
      await page.getByLabel('Current password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Update' }).click();
      await see(page, 'Profile Updated Successfully');
    });

    await step('after the password change the session survives a reload', async () => {
      await page.goto('/dashboard/user');
      await see(page, '+91 90000 11111');
      await page.reload();
      await see(page, '+91 90000 11111');
    });

    await step('logout ends the session', async () => {
      await page.getByRole('button', { name: `Account menu of ${person.name}` }).click();
      await page.getByRole('link', { name: 'Logout' }).click();
      await see(page, 'LOG-OUT SUCCESSFULLY');
      await at(page, '/login');
      await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    });

    await step('a forgotten password is reset with the answer, then signs in', async () => {
      await page.getByRole('button', { name: 'Forget Password' }).click();
      await at(page, '/forget-password');
      await see(page, 'RESET PASSWORD');
      await field(page, 'Email').fill(person.email);
      await field(page, 'New Password').fill('secret-ada-3');
      await field(page, 'What is your old password').fill('babbage');
      await page.getByRole('button', { name: 'RESET' }).click();
      await see(page, 'Password reset successfully. Please sign in.');
      await at(page, '/login');
      await signIn(page, { email: person.email, password: 'secret-ada-3' });
      await at(page, '/');
      await page.getByRole('button', { name: `Account menu of ${person.name}` }).waitFor();
    });
  });
}
