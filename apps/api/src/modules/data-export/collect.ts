import { eq, getTableColumns, getTableName, inArray, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';

/*
 * Everything the shop holds about one patient (UK GDPR Art. 15 and 20), found from the schema itself rather than
 * from a list that a new table could be missing from: starting at the patient's own row, every row whose foreign
 * key points at a row already found is the patient's too (their orders, the orders' items and payments, a plan's
 * events, a support thread's messages…). What is left out is named below with the reason.
 */

/** Tables never exported, and why. */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  refresh_tokens: 'sign-in secrets, of no use outside this shop',
  password_reset_tokens: 'sign-in secrets, of no use outside this shop',
  staff_audit_log: 'the clinic’s record of its own staff’s work; a patient who asks who read their record is answered by the clinic',
  consultation_answer_sends: 'a copy of replies already given, kept for 90 days so a repeated send changes nothing',
};

/** Columns never exported from a table that is, and why: secrets, and ids that mean something only to a provider. */
export const LEFT_OUT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  customers: ['passwordHash'],
  payment_tokens: ['gatewaySourceId'],
  payments: ['gatewayPaymentId', 'challengeUrl', 'clientAddressKey', 'cardFingerprint'],
  push_subscriptions: ['endpoint', 'p256dh', 'auth'],
  push_sends: ['endpoint'],
  notifications: ['data', 'providerId', 'providerStatus'],
  social_identities: ['subject'],
  uploads: ['storageKey'],
};

/** A column holding a secret is left out wherever it is, even in a table added later. */
const SECRET_COLUMN = /(hash|token|secret|password)$/i;

export type Row = Record<string, unknown>;

/** The patient's rows, by table name (tables with none are left out). */
export type PatientRows = Record<string, Row[]>;

interface Link {
  /** The column of this table that points at another. */
  column: PgColumn;
  /** The table and column it points at. */
  target: string;
  targetKey: string;
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/**
 * Rows the patient's rows name by a column that is no foreign key: the consultation an order was placed on (its copy
 * on the order, and the basket it came in, keep its id). Taken when no other patient owns them.
 */
const NAMED_BY: readonly { table: string; key: string; from: readonly (readonly [table: string, column: string])[] }[] = [
  { table: 'consultations', key: 'id', from: [['order_consultations', 'consultationId'], ['cart_consultations', 'consultationId']] },
];

function linksOf(table: PgTable): Link[] {
  return getTableConfig(table).foreignKeys.flatMap((foreignKey) => {
    const reference = foreignKey.reference();
    if (reference.columns.length !== 1) return [];
    const targetName = reference.foreignColumns[0]!.name;
    const targetKey = Object.entries(getTableColumns(reference.foreignTable)).find(([, column]) => column.name === targetName)![0];
    return [{ column: reference.columns[0]!, target: getTableName(reference.foreignTable), targetKey }];
  });
}

/**
 * The links that make a row the patient's. A row with an owner of its own (a customer_id) is theirs by that alone:
 * a referral credit of another patient's that names this patient's order is not this patient's to take away.
 */
function ownershipLinks(table: PgTable): Link[] {
  const links = linksOf(table).filter((link) => link.target !== 'staff');
  const owner = links.filter((link) => link.target === 'customers');
  return owner.length > 0 ? owner : links;
}

function withoutLeftOut(tableName: string, row: Row): Row {
  const leftOut = new Set(LEFT_OUT_COLUMNS[tableName] ?? []);
  return Object.fromEntries(Object.entries(row).filter(([key]) => !leftOut.has(key) && !SECRET_COLUMN.test(key)));
}

/**
 * The patient's rows in every table that holds any, each row without the columns left out. Staff are named in
 * rows where they acted (their ids); the staff table itself is the clinic's, as are the catalogue's tables.
 */
export async function collectPatientRows(db: Db, customerId: number): Promise<PatientRows> {
  const found = new Map<string, Row[]>();
  const customers = tables.find((table) => getTableName(table) === 'customers')!;
  found.set('customers', (await db.select().from(customers).where(eq(getTableColumns(customers).id!, customerId))) as Row[]);
  const candidates = tables.filter((table) => !(getTableName(table) in LEFT_OUT_TABLES) && getTableName(table) !== 'customers');
  // Rows pointing at rows already found, until a round finds nothing new (a thread's messages after its thread).
  for (let changed = true; changed; ) {
    changed = false;
    for (const table of candidates) {
      const name = getTableName(table);
      const rows: Row[] = [];
      for (const link of ownershipLinks(table)) {
        const targets = found.get(link.target);
        if (!targets?.length) continue;
        const values = [...new Set(targets.map((row) => row[link.targetKey]).filter((value) => value !== null && value !== undefined))];
        if (values.length === 0) continue;
        rows.push(...((await db.select().from(table).where(inArray(link.column, values))) as Row[]));
      }
      for (const named of NAMED_BY.filter((entry) => entry.table === name)) {
        const values = [...new Set(named.from.flatMap(([table, column]) => (found.get(table) ?? []).map((row) => row[column])).filter((value) => value !== null && value !== undefined))];
        if (values.length === 0) continue;
        const rowsNamed = (await db.select().from(table).where(inArray(getTableColumns(table)[named.key]!, values))) as Row[];
        rows.push(...rowsNamed.filter((row) => row.customerId === null || row.customerId === undefined || row.customerId === customerId));
      }
      const known = found.get(name) ?? [];
      const identity = (row: Row) => JSON.stringify(row);
      const seen = new Set(known.map(identity));
      const fresh = rows.filter((row) => {
        const key = identity(row);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (fresh.length > 0) {
        found.set(name, [...known, ...fresh]);
        changed = true;
      }
    }
  }
  return Object.fromEntries([...found].filter(([, rows]) => rows.length > 0).map(([name, rows]) => [name, rows.map((row) => withoutLeftOut(name, row))]));
}
