import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The migration that moves staff out of customers (0008) run on a database that has them: a clinician who read a
 * patient's photo before. Applied file by file, as a shop upgraded from the previous version would be.
 */
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.sql')).sort();
const statementsOf = (name: string) => readFileSync(`${folder}/${name}`, 'utf8').split('--> statement-breakpoint');

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(() => pg.close());

async function apply(names: string[]) {
  for (const name of names) for (const statement of statementsOf(name)) if (statement.trim()) await pg.exec(statement);
}

describe('migration 0008: staff out of customers', () => {
  it('makes former staff disabled staff accounts and keeps their photo reads in the audit log', async () => {
    const before = files.filter((name) => name < '0008');
    await apply(before);
    await pg.exec(`
      insert into customers (email, first_name, last_name, password_hash, role) values
        ('clinician@elmwood-health.example', 'Morgan', 'Hale', 'hash-1', 'clinician'),
        ('patient@example.com', 'Pat', 'Ient', 'hash-2', 'patient');
      insert into uploads (id, customer_id, category, title, original_name, byte_size)
        select '11111111-1111-4111-8111-111111111111', id, 'I', 'Photo ID', 'id.jpg', 10 from customers where email = 'patient@example.com';
      insert into staff_access_log (staff_id, patient_id, resource, resource_id, created_at)
        select s.id, p.id, 'upload', '11111111-1111-4111-8111-111111111111', '2026-01-02T03:04:05Z'
        from customers s, customers p where s.email = 'clinician@elmwood-health.example' and p.email = 'patient@example.com';
    `);
    await apply(files.filter((name) => name >= '0008'));

    const staff = await pg.query<{ email: string; role: string; disabled: boolean; password_hash: string }>('select email, role, disabled, password_hash from staff');
    expect(staff.rows).toEqual([{ email: 'clinician@elmwood-health.example', role: 'prescriber', disabled: true, password_hash: 'hash-1' }]);
    const audit = await pg.query<Record<string, unknown>>(
      `select a.action, a.resource, a.resource_id, a.at, c.email as patient from staff_audit_log a join customers c on c.id = a.patient_id`,
    );
    expect(audit.rows).toEqual([
      { action: 'read-photo', resource: 'upload', resource_id: '11111111-1111-4111-8111-111111111111', at: new Date('2026-01-02T03:04:05Z'), patient: 'patient@example.com' },
    ]);
    const gone = await pg.query(`select to_regclass('staff_access_log') as table, (select count(*)::int from information_schema.columns where table_name = 'customers' and column_name = 'role') as role_columns`);
    expect(gone.rows).toEqual([{ table: null, role_columns: 0 }]);
  });
});
