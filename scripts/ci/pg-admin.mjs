// Runs one statement on the PostgreSQL server as its administrator; exits 1 when no server answers.
import pg from 'pg';

const client = new pg.Client({ connectionString: process.env.ADMIN_URL, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query(process.env.SQL);
  await client.end();
} catch (error) {
  console.error(`PostgreSQL: ${error.message}`);
  process.exit(1);
}
