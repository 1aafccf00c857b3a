// `npm run cluster`: the shop on three API processes and a worker behind HAProxy, on one PostgreSQL database
// (DATABASE_URL, else a new one on 127.0.0.1:5432) and one S3-compatible bucket, until Ctrl-C. Needs `npm run build`.
import { startCluster } from './cluster.mjs';

const cluster = await startCluster({ port: Number(process.env.CLUSTER_PORT ?? 3800), databaseUrl: process.env.DATABASE_URL });
console.log(`The shop is running at ${cluster.url} (HAProxy) on ${cluster.apis.map((api) => `${api.name} (pid ${api.pid})`).join(', ')} and the worker (pid ${cluster.worker.pid}). Ctrl-C stops it.`);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
