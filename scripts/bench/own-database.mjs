import pg from 'pg';

const SERVER = 'postgres://postgres@127.0.0.1:5432';

/** One statement on the local server's maintenance database. */
async function onServer(statement) {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database on the local PostgreSQL server (trust auth), named `${prefix}_${time}`; answers its URL. */
export async function createOwnDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  await onServer(`CREATE DATABASE ${name}`);
  return `${SERVER}/${name}`;
}

/** Drops a database createOwnDatabase made, whoever is still connected to it. */
export function dropOwnDatabase(url) {
  return onServer(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
}
