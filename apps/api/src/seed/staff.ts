import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers } from '../db/schema/customers';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_CLINICIAN_EMAIL = 'clinician@elmwood-health.example';

/**
 * One demo clinician, so clinic-staff pages can be tried out. Only ever called outside production; a restart
 * with another DEMO_CLINICIAN_PASSWORD changes the password.
 */
export async function seedDemoClinician(db: Db, password: string): Promise<void> {
  const values = {
    email: DEMO_CLINICIAN_EMAIL,
    firstName: 'Morgan',
    lastName: 'Hale',
    role: 'clinician',
    passwordHash: await hashPassword(password),
  };
  await db
    .insert(customers)
    .values(values)
    .onConflictDoUpdate({ target: customers.email, set: { role: values.role, passwordHash: values.passwordHash, updatedAt: sql`now()` } });
}
