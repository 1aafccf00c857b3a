// `npm run test:cluster` (in `npm test`, short) and `npm run cluster:soak` (`--soak`, long): patients sign up, answer
// the consultation, order and upload a photo through HAProxy while an API process is killed with SIGKILL and
// started again and the worker is restarted; then every order, payment, message and photo is checked. Exits 1 on
// any problem. Needs `npm run build`.
import { startCluster } from './cluster.mjs';
import { exercise, verify } from './exercise.mjs';

const soak = process.argv.includes('--soak');
const settings = soak ? { patients: Number(process.env.SOAK_PATIENTS ?? 300), concurrency: 12 } : { patients: 24, concurrency: 6 };
const started = Date.now();
const cluster = await startCluster({ port: Number(process.env.CLUSTER_PORT ?? 3850) });
let failed = true;
try {
  const run = await exercise(cluster, settings);
  const checked = await verify(cluster, run);
  console.log(
    [
      `Cluster ${soak ? 'soak' : 'test'}: ${settings.patients} patients, ${settings.concurrency} at a time, ${cluster.apis.length} API processes and a worker behind HAProxy, in ${Math.round((Date.now() - started) / 1000)} s`,
      `  orders answered 201: ${run.orders.length}; orders with no reply: ${checked.unanswered}; photos stored: ${checked.photos}; emails sent and received: ${checked.messages}`,
      `  what happened: ${run.disturbances.map((d) => `${d.what} (${((d.to - d.from) / 1000).toFixed(1)} s)`).join('; ')}`,
      `  replies by status: ${JSON.stringify(run.statuses)}`,
      `  5xx or dropped during the kill (the killed process's in-flight requests): ${run.inFlightErrors.length}; at any other time: ${run.otherServerErrors.length}`,
      `  one browser's sign-ups across the processes: ${run.deviceSignUps.join(' ')}`,
      `  the longest wait for a sign-up code: ${(cluster.mail.longestCodeWaitMs() / 1000).toFixed(1)} s`,
      ...run.inFlightErrors.map((error) => `    during the kill: ${error.status} ${new URL(error.url).pathname}`),
    ].join('\n'),
  );
  if (checked.problems.length > 0) console.error(`Problems:\n  ${checked.problems.join('\n  ')}`);
  failed = checked.problems.length > 0;
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
