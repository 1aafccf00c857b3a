import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

export async function startProcess(command, args, { env = {}, readyUrl, cwd } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${readyUrl} did not answer within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Another process may hold the port and have answered for it: then ours has exited by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode} (is ${readyUrl} another process's?)`);
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** One autocannon run, for `duration` seconds or `amount` requests; `requests` may set method/body per request for write routes. */
export async function load(url, { connections = 100, duration = 10, amount, ...options } = {}) {
  const result = await autocannon({ url, connections, ...(amount ? { amount } : { duration }), ...options });
  return {
    url,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function gzipKb(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length / 1024;
}

export function fileKb(path) {
  return statSync(path).size / 1024;
}
