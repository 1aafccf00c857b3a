import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the modules see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or a transaction on it: what a repository function writes through, so callers choose the transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own (the job queue): text without values may hold several
   * statements; with values it is one statement. A failed multi-statement text leaves no transaction open.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The connection pool as it stands (PostgreSQL); null for the embedded database's one connection. */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

export interface PoolUse {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open, and of those, idle ones. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: the pool is exhausted. */
  waiting: number;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string };

/** Beside this file in source, beside main.js once built: the build copies the folder. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** An arbitrary, fixed key so that several processes starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real failures.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return pool.query(text, values);
      // Several statements run as one simple query; one that fails after a BEGIN would leave its
      // connection inside an aborted transaction for the next borrower, so it is rolled back here.
      const client = await pool.connect();
      try {
        const result: pg.QueryResult | pg.QueryResult[] = await client.query(text);
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    poolUse: () => ({ max: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** In memory when no folder is given (tests), else persisted in that folder. */
async function openPglite(dataDir?: string): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const absolute = resolve(dataDir, 'pg');
    mkdirSync(absolute, { recursive: true });
    client = await PGlite.create(absolute);
  } else {
    client = await PGlite.create();
  }
  const database = drizzlePglite({ client, schema });
  const db = database as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(database, { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // PGlite's query() takes one statement; exec() takes several and answers one result per statement.
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // One connection serves the whole process: an aborted transaction left here would fail every query after.
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    poolUse: () => null,
    close: () => client.close(),
  };
}
