// The progress page's JS with and without its lazily loaded chart chunk, from a built web app
// (`npm run build -w @elmwood/web` first). `npm run bench` reports the same figures.
import { lazyRouteBundle } from './bundle.mjs';

console.log('Progress page JS (gzip KB):', lazyRouteBundle('apps/web/dist', 'features/weight/routes/ProgressRoute.tsx', 'features/weight/charts/LineChart.tsx'));
