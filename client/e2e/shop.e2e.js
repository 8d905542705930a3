// The browser suite: every journey in real Chromium against a freshly started shopd.
// Run with `npm run e2e` (or `make e2e`); SCREENSHOTS=1 also refreshes the README's images.
import { after, before, describe } from 'node:test';
import { start, stop } from './harness.js';
import guards from './journeys/guards.js';
import accounts from './journeys/accounts.js';
import visitor from './journeys/visitor.js';
import firstScreen from './journeys/first-screen.js';
import checkout from './journeys/checkout.js';
import admin from './journeys/admin.js';
import phones from './journeys/phones.js';
import orders from './journeys/orders.js';
import variants from './journeys/variants.js';
import loading from './journeys/loading.js';

describe('the shop in a real browser', () => {
  before(start, { timeout: 300_000 });
  after(stop);

  visitor();
  firstScreen();
  loading();
  accounts();
  checkout();
  admin();
  orders();
  variants();
  guards();
  phones();
});
