/**
 * Console accounts from a terminal, with the server's own settings and database (issue 16):
 *
 *   npm run operator -- add EMAIL [--generate]       a new operator; asks for the password twice, or
 *                                                    makes one (--generate) and prints it once
 *   npm run operator -- password EMAIL [--generate]  a new password (and the account enabled again)
 *   npm run operator -- disable EMAIL                the account off, its sessions ended
 *   npm run operator -- list
 *
 * Without a terminal (a script), the password is read from the first line of standard input. In
 * production: `node apps/server/dist/operator.js …`. Exits 1 on a refused action, 2 on a usage error.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from './config';
import { addOperator, disableOperator, listOperators, setOperatorPassword } from './console/operator-store';
import { generatePassword, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './console/password-hash';
import { openDatabase } from './db/open-database';

const USAGE = 'usage: npm run operator -- add|password EMAIL [--generate] | disable EMAIL | list';

/** A line from the terminal without echoing it, or the first line of piped input. */
function readSecret(prompt: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const tty = process.stdin.isTTY;
  if (tty) process.stdout.write(prompt);
  const reader = createInterface({ input: process.stdin, output: tty ? muted : undefined, terminal: tty });
  return new Promise((resolve) => {
    reader.once('line', (line) => {
      resolve(line);
      reader.close();
      if (tty) process.stdout.write('\n');
    });
    reader.once('close', () => resolve(''));
  });
}

async function choosePassword(generate: boolean): Promise<string | null> {
  if (generate) {
    const password = generatePassword();
    console.log(`Password (shown once): ${password}`);
    return password;
  }
  const password = await readSecret('Password: ');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    console.error(`A password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
    return null;
  }
  if (process.stdin.isTTY && (await readSecret('Again: ')) !== password) {
    console.error('The two passwords differ.');
    return null;
  }
  return password;
}

function isEmail(value: string | undefined): value is string {
  return value !== undefined && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

async function main(argv: string[]): Promise<number> {
  const [action, email, ...flags] = argv;
  const generate = flags.includes('--generate');
  if (action !== 'list' && !isEmail(email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
  const db = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  try {
    if (action === 'list') {
      console.table(
        (await listOperators(db)).map((o) => ({
          email: o.email,
          created: o.created_at,
          last_sign_in: o.last_sign_in_at ?? '',
          disabled: o.disabled_at ?? '',
        })),
      );
      return 0;
    }
    if (!isEmail(email)) return 2;
    if (action === 'disable') {
      const done = await disableOperator(db, email, new Date());
      console.log(done ? `${email}: disabled` : `${email}: no such operator`);
      return done ? 0 : 1;
    }
    if (action !== 'add' && action !== 'password') {
      console.error(USAGE);
      return 2;
    }
    const password = await choosePassword(generate);
    if (password === null) return 1;
    const passwordHash = await hashPassword(password);
    if (action === 'add') {
      const added = await addOperator(db, { email, passwordHash, now: new Date() });
      console.log(added.ok ? `${added.operator.email}: operator added` : `${email}: already an operator`);
      return added.ok ? 0 : 1;
    }
    const changed = await setOperatorPassword(db, email, passwordHash);
    console.log(changed ? `${email}: password changed` : `${email}: no such operator`);
    return changed ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
