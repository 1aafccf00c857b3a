import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { startMailSink } from '../bench/mail-sink.mjs';
import { createOwnDatabase, dropOwnDatabase } from '../bench/own-database.mjs';
import { ONE_ADDRESS_LIMITS, productionShopEnv } from '../bench/production-env.mjs';

const HAPROXY = '/usr/sbin/haproxy';
const BUCKET = 'elmwood-cluster-uploads';
/** s3rver's built-in account (it checks request signatures against it). */
const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/** HAProxy from Debian's package, installed here when missing (as root; otherwise the command to run is named). */
export function ensureHaproxy() {
  if (existsSync(HAPROXY)) return;
  if (process.getuid?.() !== 0) throw new Error('HAProxy is not installed: run `sudo apt-get install haproxy`, then try again');
  console.log('Installing HAProxy (Debian package haproxy)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env });
}

/**
 * The load balancer: round robin over the API processes, each checked on /readyz every half second and taken out
 * after two failures, so a process that dies stops getting requests within a second. Requests whose process died
 * under them are answered 502 by HAProxy (they are not retried: a checkout must not be sent twice by a proxy).
 */
function haproxyConfig(port, apiPorts) {
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  option redispatch
  retries 2
frontend shop
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend apis
backend apis
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
${apiPorts.map((apiPort, index) => `  server api${index + 1} 127.0.0.1:${apiPort} check inter 500ms fall 2 rise 2`).join('\n')}
`;
}

/** A child process of the cluster, started again on demand (after a kill or a stop). */
function managed(name, args, env, { readyUrl, readyLine } = {}) {
  let child = null;
  const start = async () => {
    child = spawn('node', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk) => output.push(chunk.toString()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output.join('')}`);
      if (readyLine && output.join('').includes(readyLine)) break;
      if (readyUrl) {
        try {
          if ((await fetch(readyUrl)).ok) break;
        } catch {
          // not listening yet
        }
      }
      if (Date.now() > deadline) throw new Error(`${name} did not start within 120 s:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const exited = () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)));
  return {
    name,
    start,
    get pid() {
      return child?.pid;
    },
    /** SIGKILL: the process gets no chance to finish anything. */
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
    /** SIGTERM: the process stops as it does when an operator restarts it. */
    async stop() {
      if (!child) return;
      const done = exited();
      child.kill('SIGTERM');
      await done;
    },
  };
}

/**
 * The shop as an operator runs it on several processes: `apis` API processes (no jobs) and one worker (the jobs) on
 * one PostgreSQL database and one S3-compatible bucket (s3rver), behind HAProxy on `port`, with X-Forwarded-For
 * trusted from the proxy alone. Built code (npm run build). Mail goes to a local sink that keeps the sign-up codes.
 * Without `databaseUrl`, a database of its own is made on 127.0.0.1:5432 and dropped at stop.
 */
export async function startCluster({ port = 3800, apis = 3, databaseUrl } = {}) {
  ensureHaproxy();
  if (!existsSync('apps/api/dist/main.js')) throw new Error('Build the shop first: npm run build');
  const ownDatabase = databaseUrl ? null : await createOwnDatabase('elmwood_cluster');
  const database = databaseUrl ?? ownDatabase;
  const folder = mkdtempSync(join(tmpdir(), 'elmwood-cluster-'));
  const stops = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    if (ownDatabase) await dropOwnDatabase(ownDatabase).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const mail = await startMailSink();
    stops.push(mail.stop);
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(folder, 's3'), configureBuckets: [{ name: BUCKET }] });
    const { port: s3Port } = await s3.run();
    stops.push(() => s3.close());

    const url = `http://127.0.0.1:${port}`;
    const shared = {
      ...productionShopEnv({ siteUrl: url, databaseUrl: database, smtpUrl: mail.url, dataDir: join(folder, 'data') }),
      ...ONE_ADDRESS_LIMITS,
      ...S3_CREDENTIALS,
      FILE_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      // Only the load balancer on this machine may say who the client is.
      TRUST_PROXY: '127.0.0.1',
    };
    const apiPorts = Array.from({ length: apis }, (_, index) => port + 1 + index);
    const processes = apiPorts.map((apiPort, index) =>
      managed(`api${index + 1}`, ['apps/api/dist/main.js'], { ...shared, PORT: String(apiPort), HOST: '127.0.0.1', RUN_JOBS: 'false' }, { readyUrl: `http://127.0.0.1:${apiPort}/readyz` }),
    );
    const worker = managed('worker', ['apps/api/dist/worker.js'], shared, { readyLine: 'worker is running' });
    stops.push(async () => {
      await Promise.all([...processes, worker].map((process) => process.stop()));
    });
    // The first migrates and seeds the database; the others start on it.
    await processes[0].start();
    await Promise.all([...processes.slice(1).map((process) => process.start()), worker.start()]);

    const configFile = join(folder, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(port, apiPorts));
    const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    stops.push(() => new Promise((resolve) => (haproxy.exitCode !== null ? resolve() : (haproxy.once('exit', resolve), haproxy.kill('SIGTERM')))));
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // HAProxy not listening yet
      }
      if (tries > 100) throw new Error('HAProxy did not answer /readyz');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    return {
      url,
      databaseUrl: database,
      mail,
      apis: processes,
      worker,
      stop: teardown,
    };
  } catch (error) {
    await teardown();
    throw error;
  }
}
