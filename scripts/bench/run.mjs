// `npm run bench`: API throughput against PostgreSQL, entry bundle sizes and Lighthouse, checked against
// the budgets of ARCHITECTURE.md. Needs a built shop (npm run bench builds first) and a PostgreSQL server
// (DATABASE_URL, else postgres://postgres@127.0.0.1:5432 where a bench database is created).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { entryBundle, lazyRouteBundle } from './bundle.mjs';
import { audit } from './lighthouse.mjs';
import { answeredSession, cartWithConsultation, eligibleWeightLossAnswers } from './consultation.mjs';
import { load, startProcess } from './lib.mjs';

const SHOP_PORT = 3900;
const BARE_PORT = 3901;
const shop = `http://127.0.0.1:${SHOP_PORT}`;

const databaseUrl = process.env.DATABASE_URL ?? (await createBenchDatabase());
const budgets = [];
const check = (name, ok, detail) => budgets.push({ name, ok, detail });

const bare = await startProcess('node', ['scripts/bench/bare-server.mjs'], {
  env: { PORT: String(BARE_PORT) },
  readyUrl: `http://127.0.0.1:${BARE_PORT}/bare`,
});
const bareRun = await load(`http://127.0.0.1:${BARE_PORT}/bare`);
await bare.stop();

const server = await startProcess('node', ['apps/api/dist/main.js'], {
  env: {
    PORT: String(SHOP_PORT),
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // Production needs both; the benchmark sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SITE_URL: shop,
    // Its 200 patients open their carts from this one address.
    CART_RATE_LIMIT_PER_ADDRESS: '100000',
    UPLOAD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // The benchmark takes no payments; production otherwise refuses the sandbox gateway.
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    DATA_DIR: 'bench-results/data',
  },
  readyUrl: `${shop}/readyz`,
});
const api = {};
let lighthouseRuns = [];
try {
  api.productBySlug = await load(`${shop}/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK`);
  api.productsByCode = await load(`${shop}/shop-api/products/by-code?codes=WEGOVY,MOUNJARO&channel=WEB_WL_UK`);
  check(
    'product by slug ≥ 50% of a bare Fastify route',
    api.productBySlug.requestsPerSecond >= 0.5 * bareRun.requestsPerSecond,
    `${api.productBySlug.requestsPerSecond} vs ${bareRun.requestsPerSecond} req/s (${Math.round((100 * api.productBySlug.requestsPerSecond) / bareRun.requestsPerSecond)}%)`,
  );

  // Write routes at 200 connections, each request as one of 200 patients (one cart and session each),
  // so the figures measure the routes rather than row-lock queueing on a single cart.
  const patients = [];
  for (let i = 0; i < 200; i += 1) {
    const cookie = await answeredSession(shop);
    patients.push({ cookie, cart: await cartWithConsultation(shop, cookie) });
  }
  const rotate = (build) => {
    let next = 0;
    return (request) => build(request, patients[next++ % patients.length]);
  };
  api.quizStep = await load(`${shop}/shop-api/medical-history-for-groups-by-slug/weight-loss?allowRecommendations=1`, {
    connections: 200,
    requests: [
      {
        method: 'PATCH',
        setupRequest: rotate((request, patient) => ({
          ...request,
          headers: { 'content-type': 'application/json', cookie: patient.cookie },
          body: JSON.stringify({ goals: eligibleWeightLossAnswers.goals }),
        })),
      },
    ],
  });
  api.cartAddItem = await load(`${shop}/shop-api/carts/x/items`, {
    connections: 200,
    requests: [
      {
        method: 'POST',
        setupRequest: rotate((request, patient) => ({
          ...request,
          path: `/shop-api/carts/${patient.cart}/items`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ productCode: 'WEGOVY', variantCode: 'WEGOVY-0-25MG', frequency: 30 }),
        })),
      },
    ],
  });
  for (const name of ['quizStep', 'cartAddItem']) {
    check(`${name}: p99 ≤ 50 ms at 200 connections`, api[name].p99Ms <= 50, `p99 ${api[name].p99Ms} ms`);
  }

  for (const [name, run] of Object.entries(api)) {
    check(`${name}: no error responses under load`, run.non2xx === 0 && run.errors === 0, `${run.non2xx} non-2xx, ${run.errors} errors`);
  }

  lighthouseRuns = await audit([
    { url: `${shop}/` },
    { url: `${shop}/products/wegovy` },
    { url: `${shop}/n/weight-loss/quiz/1` },
    { url: `${shop}/n/weight-loss/recommendations`, headers: { Cookie: patients[0].cookie } },
  ]);
  for (const run of lighthouseRuns) {
    check(`Lighthouse ${new URL(run.url).pathname}: performance ≥ 95`, run.performance >= 95, `${run.performance}`);
    check(`Lighthouse ${new URL(run.url).pathname}: accessibility 100`, run.accessibility === 100, `${run.accessibility}`);
    check(`Lighthouse ${new URL(run.url).pathname}: LCP ≤ 1.5 s`, run.lcpMs <= 1500, `${run.lcpMs} ms`);
  }
} finally {
  await server.stop();
}

const bundle = entryBundle('apps/web/dist');
check('entry JS before first paint ≤ 120 KB gzip', bundle.totalGzipKb <= 120, `${bundle.totalGzipKb} KB`);

// Not an entry route, so no budget: reported so the charting library's weight stays in view.
const progressPage = lazyRouteBundle('apps/web/dist', 'ProgressRoute', 'LineChart');

const report = { at: new Date().toISOString(), bare: bareRun, api, bundle, progressPage, lighthouse: lighthouseRuns, budgets };
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify(report, null, 2));

console.log('\nreq/s and latency (10 s runs; connections per row):');
console.table({ bare: bareRun, ...api });
console.log('Lighthouse (mobile, simulated throttling):');
console.table(lighthouseRuns);
console.log('Entry bundle:', bundle);
console.log('Progress page JS, without and with the chart chunk (gzip KB):', progressPage);
console.log('\nBudgets:');
for (const budget of budgets) console.log(`${budget.ok ? 'PASS' : 'FAIL'}  ${budget.name}: ${budget.detail}`);
process.exitCode = budgets.every((budget) => budget.ok) ? 0 : 1;

async function createBenchDatabase() {
  const name = `elmwood_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}
