import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/database';
import { startOtlpCollector, type ExportedSpan } from './support/otlp-collector';
import { signupBody } from './support/patients';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

interface Shop {
  base: string;
  /** What it wrote to stdout: its JSON log lines among them. */
  output: string[];
  /** Every module URL it resolved. */
  loads(): string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `node src/main.ts` as `npm start` runs it (through tsx), recording the modules it loads; waits until it listens. */
async function startShop(env: Record<string, string>): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'elmwood-tracing-'));
  const loadsFile = join(dataDir, 'loads.txt');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', './test/support/record-loads.mjs', '--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', RECORD_LOADS_TO: loadsFile, OTEL_EXPORTER_OTLP_ENDPOINT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start:\n${output.join('\n')}`)), 90_000);
    void exited.then(() => reject(new Error(`The shop stopped:\n${output.join('\n')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      if (line.includes(' is ready at ')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    output,
    loads: () => readFileSync(loadsFile, 'utf8').split('\n').filter(Boolean),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function until<T>(find: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const OPEN_TELEMETRY = /\/@opentelemetry\//;

describe('traces exported over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let shop: Shop;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    database = await createTestDatabase();
    shop = await startShop({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Sends each batch within a fifth of a second rather than five.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      DATABASE_URL: database.url ?? '',
    });
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    await collector?.close();
    await database?.close();
  });

  it('exports a request as a server span named by its route, with its queries and its job as spans of their own', async () => {
    const res = await fetch(`${shop.base}/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK`);
    expect(res.status).toBe(200);
    const request = await until(() => collector.spans.find((span) => span.name === 'GET /shop-api/products/by-slug/:slug'), 'the request span');
    expect(request).toMatchObject({ kind: 2, service: 'elmwood-api', attributes: { 'http.route': '/shop-api/products/by-slug/:slug' } });
    expect(collector.posts).toContain('POST /v1/traces application/json');
    expect(collector.spans.filter((span) => span.name.includes('wegovy'))).toEqual([]);

    // The sign-up form queues its code's email; this process works the queue.
    const signUp = await fetch(`${shop.base}/shop-api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signupBody()) });
    expect(signUp.status).toBe(202);
    const job = await until(() => collector.spans.find((span) => span.name === 'job notification-sends'), 'the job span');
    expect(job.attributes).toMatchObject({ 'messaging.system': 'pg-boss', 'messaging.destination.name': 'notification-sends' });

    if (database.url) {
      const childOf = (parent: ExportedSpan) => (span: ExportedSpan) => span.traceId === parent.traceId && span.attributes['db.system.name'] === 'postgresql';
      await until(() => collector.spans.find(childOf(job)), "the job's queries");
      const query = collector.spans.find(childOf(job))!;
      // Statements only: a query's values may be a patient's data.
      expect(JSON.stringify(query.attributes)).not.toMatch(/example\.com/);
    }
  });

  it('writes the trace id into the log lines written inside a span', async () => {
    const res = await fetch(`${shop.base}/shop-api/products/by-slug/mounjaro?channel=WEB_WL_UK`);
    expect(res.status).toBe(200);
    // Fastify's 'incoming request' line names the URL.
    const logged = await until(() => shop.output.find((line) => line.includes('mounjaro') && line.includes('trace_id')), 'a log line with a trace id');
    const { trace_id: traceId, span_id: spanId } = JSON.parse(logged) as { trace_id: string; span_id: string };
    const span = await until(() => collector.spans.find((exported) => exported.spanId === spanId), 'the span the log line names');
    expect(span).toMatchObject({ traceId, name: 'GET /shop-api/products/by-slug/:slug', kind: 2 });
  });

  it('has loaded OpenTelemetry (the other half of the next test)', () => {
    expect(shop.loads().filter((url) => OPEN_TELEMETRY.test(url)).length).toBeGreaterThan(0);
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ DATABASE_URL: '' });
  }, 120_000);
  afterAll(() => shop?.stop());

  it('loads no OpenTelemetry module at all, and logs no trace ids', async () => {
    expect((await fetch(`${shop.base}/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK`)).status).toBe(200);
    const loads = shop.loads();
    expect(loads.some((url) => url.includes('/fastify/'))).toBe(true);
    expect(loads.filter((url) => OPEN_TELEMETRY.test(url))).toEqual([]);
    expect(shop.output.filter((line) => line.includes('trace_id'))).toEqual([]);
  });
});
