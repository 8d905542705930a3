// The mails the shop sent, read from its outbox directory the way a person reads their inbox:
// waitForMail finds the newest mail to an address (waiting for it to arrive) and answers its
// decoded text.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxDir } from './harness.js';

/** decodeQuotedPrintable undoes the mail's transfer encoding (soft line breaks, =XX bytes). */
function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function mailsTo(address) {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((mail) => new RegExp(`^To:.*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(mail));
}

/** waitForMail answers the decoded text of the newest mail to `address` whose text matches `match`. */
export async function waitForMail(address, match, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = mailsTo(address).map(decodeQuotedPrintable).filter((mail) => match.test(mail)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${match} in ${outboxDir()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
