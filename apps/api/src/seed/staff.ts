import type { Db } from '../db/client';
import { upsertStaff, type NewStaff } from '../modules/clinic/staff-auth';
import type { SecretBox } from '../modules/clinic/totp';

/**
 * One demo member of staff per role, with the passwords and TOTP secrets the README lists, so the clinic console
 * can be tried and tested. Only ever seeded outside production; each start sets them back to these values.
 */
export const DEMO_STAFF = [
  {
    email: 'prescriber@elmwood-health.example',
    name: 'Dr Ana Patel',
    role: 'prescriber',
    registrationBody: 'GMC',
    registrationNumber: '7012345',
    password: 'prescriber-demo-2026',
    totpSecret: 'IHKWSE33JF3FI645LJBOTXDQJ2UNYJS3',
    // Video consultations: weekdays 08:00 to 20:00 and Saturday mornings, UK time.
    videoAvailability: [
      ...[1, 2, 3, 4, 5].map((day) => ({ day_of_week: day, time_start: '08:00', time_end: '20:00' })),
      { day_of_week: 6, time_start: '09:00', time_end: '13:00' },
    ],
  },
  { email: 'pharmacist@elmwood-health.example', name: 'Sam Okafor', role: 'pharmacist', password: 'pharmacist-demo-2026', totpSecret: 'SFOHY5T2ZR5JBW6KTZNJILZEQVI4LTLO' },
  { email: 'support@elmwood-health.example', name: 'Jo Reid', role: 'support', password: 'support-demo-2026', totpSecret: 'VNH4C7TIFVOD7YXQGIKUMY75YX6A3BET' },
  { email: 'admin@elmwood-health.example', name: 'Lee Morgan', role: 'admin', password: 'admin-demo-2026!', totpSecret: 'NKMI5NM54G6RGE65PA7YGBLERJ6SLIQT' },
] as const satisfies readonly NewStaff[];

export async function seedDemoStaff(db: Db, box: SecretBox): Promise<void> {
  for (const member of DEMO_STAFF) await upsertStaff(db, box, member);
}
