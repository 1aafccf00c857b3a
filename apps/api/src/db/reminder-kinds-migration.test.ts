import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The migration that gives reminders a kind (0035: the injection-day reminder beside the weight reminder) run on a
 * database that has reminders: a patient's saved weight reminder stays theirs, as the weight kind, and they can then
 * save an injection-day reminder too. Applied file by file, as a shop upgraded from the previous version would be.
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

const reminderRow = (kind?: string) => `
  insert into reminder_settings (customer_id, ${kind ? 'kind, ' : ''}is_enabled, channel, type, days, hours, minutes, frequency, anchor_date, version)
    select id, ${kind ? `'${kind}', ` : ''}true, 'email', 'weekly', array['monday'], 9, 0, 30, '2026-11-02', 3 from customers where email = 'patient@example.com'`;

describe('migration 0035: reminders of two kinds', () => {
  it('keeps a saved weight reminder as the weight kind and lets the patient add an injection-day reminder', async () => {
    await apply(files.filter((name) => name < '0035'));
    await pg.exec(`insert into customers (email, first_name, last_name) values ('patient@example.com', 'Pat', 'Ient');`);
    await pg.exec(reminderRow());

    await apply(files.filter((name) => name >= '0035'));

    const kept = await pg.query<Record<string, unknown>>('select kind, is_enabled, channel, days, hours, version from reminder_settings');
    expect(kept.rows).toEqual([{ kind: 'weight', is_enabled: true, channel: 'email', days: ['monday'], hours: 9, version: 3 }]);
    await pg.exec(reminderRow('injection'));
    const kinds = await pg.query<{ kind: string }>('select kind from reminder_settings order by kind');
    expect(kinds.rows.map((row) => row.kind)).toEqual(['injection', 'weight']);
    // Still one of each kind per patient.
    await expect(pg.exec(reminderRow('weight'))).rejects.toThrow(/reminder_settings_customer_id_kind_pk/);
  });
});
