import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
    pid: child.pid,
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

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds used so far by each process on the machine, keyed by pid, with its command name (Linux /proc). */
function cpuSecondsByProcess() {
  const usage = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    // "pid (comm) state ppid …": the name may hold spaces and parentheses, so the fields start after its last ')'.
    const nameEnd = stat.lastIndexOf(')');
    const fields = stat.slice(nameEnd + 2).split(' ');
    const [utime, stime] = [Number(fields[11]), Number(fields[12])];
    usage.set(Number(entry), { name: stat.slice(stat.indexOf('(') + 1, nameEnd), seconds: (utime + stime) / CLOCK_TICKS_PER_SECOND });
  }
  return usage;
}

/**
 * Runs `measure` and says where the machine's CPU went meanwhile, in % of one core: the shop's process, PostgreSQL's
 * processes, this bench (autocannon drives the load from it) and everything else. On a machine whose cores add up
 * to 100 % × cores, a total near that means the figure is what the machine can do, not what the shop's code allows.
 */
export async function withCpuShares(shopPid, measure) {
  const before = cpuSecondsByProcess();
  const started = process.hrtime.bigint();
  const result = await measure();
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const shares = { shop: 0, postgres: 0, bench: 0, other: 0 };
  for (const [pid, { name, seconds }] of cpuSecondsByProcess()) {
    const used = seconds - (before.get(pid)?.seconds ?? 0);
    const group = pid === shopPid ? 'shop' : pid === process.pid ? 'bench' : name === 'postgres' ? 'postgres' : 'other';
    shares[group] += used;
  }
  for (const group of Object.keys(shares)) shares[group] = Math.round((100 * shares[group]) / wallSeconds);
  return { result, shares };
}

/** "shop 95 %, PostgreSQL 70 %, load generator 25 %, other 3 % (of 200 %)": one line of the bench's table. */
export function describeCpuShares(shares) {
  return `shop ${shares.shop} %, PostgreSQL ${shares.postgres} %, load generator ${shares.bench} %, other ${shares.other} % (of ${100 * availableParallelism()} %)`;
}
