// Route guards and the not-found page: a visitor on a shopper page goes to /login, a shopper
// on an admin page goes back to /, and an unknown path shows Page Not Found with Go Back.
import { apiPost, at, guardedVisit, journey, login, notSee, see, unique } from '../helpers.js';

export default function guards() {
  journey('guards and the not-found page', async ({ page, step }) => {
    await step('a visitor on /dashboard/user is sent to /login', async () => {
      await guardedVisit(page, '/dashboard/user', '/login');
      await see(page, 'LOGIN FORM');
    });

    await step('a shopper on /dashboard/admin is sent back to /', async () => {
      const shopper = { email: `guard-${unique()}@example.test`, password: 'secret-guard' };
      const made = await apiPost('auth/register', {
        name: 'Guard Tester', ...shopper, phone: '1', address: 'Somewhere', answer: 'x',
      });
      if (made.status !== 201) throw new Error(`register answered ${made.status}: ${made.body.message}`);
      await login(page, shopper);
      await guardedVisit(page, '/dashboard/admin/users', '/');
      await notSee(page, 'All Users');
    });

    await step('an unknown path shows Page Not Found; Go Back goes home', async () => {
      await page.goto('/no/such/page');
      await see(page, 'Page Not Found');
      await page.getByRole('link', { name: 'Go Back' }).click();
      await at(page, '/');
      await see(page, 'Trending Now');
    });
  });
}
