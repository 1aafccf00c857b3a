import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import QRCode from 'qrcode';
import { REGISTRATION_BODIES, STAFF_ROLES, type RegistrationBody, type StaffRole } from '@elmwood/domain';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { staffProblems, upsertStaff } from '../modules/clinic/staff-auth';
import { newTotpSecret, otpauthUrl, secretBox, totpKeyFrom } from '../modules/clinic/totp';
import { uploadEncryptionKey } from '../adapters/file-store/setup';

/*
 * npm run staff:create: adds a member of clinic staff (or resets one, same email) against the configured database,
 * and prints the TOTP enrolment QR code in the terminal. The secret stays pending until the member's first
 * sign-in confirms it with a code; nothing is printed that the member does not need.
 */

let muted = false;
const output = new Writable({
  write(chunk, encoding, done) {
    if (!muted) process.stdout.write(chunk, encoding);
    done();
  },
});
const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
// Read as a stream of lines (not rl.question), so answers piped in ahead of their questions are not lost.
const lines = rl[Symbol.asyncIterator]();

async function nextLine(): Promise<string> {
  const next = await lines.next();
  if (next.done) throw new Error('input ended before every answer was given');
  return next.value;
}

async function ask(question: string, valid: (answer: string) => boolean = (answer) => answer.length > 0): Promise<string> {
  for (;;) {
    process.stdout.write(question);
    const answer = (await nextLine()).trim();
    if (valid(answer)) return answer;
    process.stdout.write('  That is not valid, please try again.\n');
  }
}

async function askSecret(question: string): Promise<string> {
  process.stdout.write(question);
  muted = true;
  const answer = await nextLine();
  muted = false;
  process.stdout.write('\n');
  return answer;
}

async function main() {
  const config = loadConfig();
  const email = (await ask('Email: ', (answer) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(answer))).toLowerCase();
  const name = await ask('Full name (as shown on decisions): ');
  const role = (await ask(`Role (${STAFF_ROLES.join(', ')}): `, (answer) => (STAFF_ROLES as readonly string[]).includes(answer))) as StaffRole;
  let registrationBody: RegistrationBody | null = null;
  let registrationNumber: string | null = null;
  if (role === 'prescriber') {
    registrationBody = (await ask(`Register (${REGISTRATION_BODIES.join(' or ')}): `, (answer) => (REGISTRATION_BODIES as readonly string[]).includes(answer))) as RegistrationBody;
    registrationNumber = await ask('Registration number (7 digits): ', (answer) => /^\d{7}$/.test(answer));
  }
  let password = '';
  for (;;) {
    password = await askSecret('Password (12+ characters): ');
    const problems = staffProblems({ email, name, role, registrationBody, registrationNumber, password });
    if (problems.length > 0) {
      process.stdout.write(`  ${problems.join(' ')}\n`);
      continue;
    }
    if ((await askSecret('Password again: ')) === password) break;
    process.stdout.write('  The passwords differ.\n');
  }
  rl.close();

  const database = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    const box = secretBox(totpKeyFrom(config.STAFF_TOTP_KEY, uploadEncryptionKey(config)));
    const secret = newTotpSecret();
    await upsertStaff(database.db, box, { email, name, role, registrationBody, registrationNumber, password, pendingTotpSecret: secret });
    const url = otpauthUrl(`${config.BRAND_NAME} Clinic`, email, secret);
    process.stdout.write(`\n${name} (${role}) can now sign in at /clinic/login.\nScan this with their authenticator app; the first sign-in confirms it:\n\n`);
    process.stdout.write(await QRCode.toString(url, { type: 'terminal', small: true }));
    process.stdout.write(`\nOr type the key: ${secret}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Could not create the staff account: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
