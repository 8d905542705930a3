// Sign-up and sign-in: register goes to /login, a wrong password is refused with the server's
// message, and a guarded page opened while signed out counts down to /login and comes back
// after the sign-in.
import { at, field, journey, see, signIn, unique } from '../helpers.js';

export default function accounts() {
  journey('sign-up, sign-in and the return to a guarded page', async ({ page, step }) => {
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
      await page.goto('/dashboard/user/orders');
      await see(page, 'redirecting to you in 3 second');
      await see(page, 'redirecting to you in 1 second', { timeout: 4000 });
      await at(page, '/login', { timeout: 5000 });
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

    await step('the session survives a reload; logout ends it', async () => {
      await page.reload();
      await see(page, '12 Analytical Lane, Pune');
      await page.getByRole('button', { name: `Account menu of ${person.name}` }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await see(page, 'LOG-OUT SUCCESSFULLY');
      await at(page, '/login');
      await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    });
  });
}
