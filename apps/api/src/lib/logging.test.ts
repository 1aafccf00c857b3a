import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { errorForLog, loggerOptions } from './logging';

/** A failed insert as the pg driver reports it: the values are in drizzle's message and in PostgreSQL's detail. */
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_email_unique"'), {
    code: '23505',
    constraint: 'customers_email_unique',
    table: 'customers',
    detail: 'Key (email)=(alex.patient@example.com) already exists.',
  });
  return new DrizzleQueryError('insert into "customers" ("email", "weight_kg") values ($1, $2)', ['alex.patient@example.com', 104], cause);
}

describe('errorForLog', () => {
  it("keeps a failed query's SQL and the database's reason, never the values", () => {
    const logged = JSON.stringify(errorForLog(failedInsert()));
    expect(logged).not.toMatch(/alex\.patient|104/);
    expect(JSON.parse(logged)).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "customers" ("email", "weight_kg") values ($1, $2)',
      cause: { code: '23505', constraint: 'customers_email_unique', table: 'customers' },
    });
  });

  it('keeps an ordinary error as it is, with its stack', () => {
    expect(errorForLog(new TypeError('x is not a function'))).toMatchObject({ type: 'TypeError', message: 'x is not a function', stack: expect.stringContaining('TypeError') });
  });

  it("is the shop logger's err serializer, behind the shop's error handling", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw failedInsert();
    });
    const res = await app.inject({ url: '/boom', headers: { cookie: 'Authorization=secret-token' } });
    expect(res.statusCode).toBe(500);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('Failed query: insert into');
    expect(log).not.toMatch(/alex\.patient|secret-token/);
  });
});
