import { startTracingWhenConfigured } from './lib/tracing/index';

// `npm run worker`. Tracing (only with OTEL_EXPORTER_OTLP_ENDPOINT) must hook pg before anything imports it, so the
// worker itself is imported only once it has started.
await startTracingWhenConfigured(process.env, 'elmwood-worker');
await import('./serve-jobs');
