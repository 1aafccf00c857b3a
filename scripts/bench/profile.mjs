// `BENCH_CPU_PROFILE=DIR npm run bench`: the shop runs under V8's sampling profiler (--cpu-prof), the bench notes
// when each measurement ran, and once the shop has exited each measurement's samples are summed: where the shop's
// CPU time went while that load ran (setup traffic before it, such as signing up the order run's patients, left out).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Node's own flags that make the shop write its profile into `dir` when it exits. */
export function profilerFlags(dir) {
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-name=shop.cpuprofile', '--cpu-prof-interval=500'];
}

/** The machine's monotonic clock in µs: the clock V8 stamps its samples with, the same in every process. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Runs `measure` and notes its start and end, so its samples can be told from the rest. */
export async function profiledWindow(windows, name, measure) {
  const start = monotonicMicros();
  try {
    return await measure();
  } finally {
    windows.push({ name, start, end: monotonicMicros() });
  }
}

/** Which part of the shop's process a sampled function belongs to. */
function bucketOf({ functionName, url }) {
  if (functionName === '(idle)' || functionName === '(garbage collector)' || functionName === '(program)') return functionName;
  // The kernel call that hands a reply (or a query) to the socket, and Node's stream plumbing around it.
  if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeGeneric|writevGeneric)$/.test(functionName)) return 'socket writes';
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (inPackage) return inPackage[1];
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/apps/api/dist/')) return 'the shop (its own code and @elmwood/domain)';
  if (url === '') return 'native (V8 and Node built-ins)';
  return 'other';
}

/** Self time of each bucket and of the busiest functions within [start, end] of a profile. */
function summarise(profile, { start, end }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySelf = new Map();
  const byFunction = new Map();
  let time = profile.startTime;
  let total = 0;
  for (const [index, id] of profile.samples.entries()) {
    time += profile.timeDeltas[index];
    if (time < start || time > end) continue;
    const weight = profile.timeDeltas[index + 1] ?? 0;
    const { callFrame } = nodes.get(id);
    const bucket = bucketOf(callFrame);
    bySelf.set(bucket, (bySelf.get(bucket) ?? 0) + weight);
    const where = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + weight);
    total += weight;
  }
  const share = (entries, count) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ name, percent: Math.round((1000 * micros) / total) / 10 }));
  return { sampledMs: Math.round(total / 1000), buckets: share(bySelf, 14), functions: share(byFunction, 15) };
}

/** Each measurement's summary, read from the profile the shop wrote in `dir` when it exited. */
export function summariseProfile(dir, windows) {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the shop wrote no profile into ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const summaries = windows.map((window) => ({ ...window, ...summarise(profile, window) }));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summaries, null, 2));
  return summaries;
}

export function printProfileSummaries(summaries) {
  for (const { name, sampledMs, buckets, functions } of summaries) {
    console.log(`\nWhere the shop's time went during ${name} (${sampledMs} ms sampled; % of that, self time):`);
    for (const bucket of buckets) console.log(`  ${String(bucket.percent).padStart(5)} %  ${bucket.name}`);
    console.log('  busiest functions:');
    for (const fn of functions) console.log(`  ${String(fn.percent).padStart(5)} %  ${fn.name}`);
  }
}
