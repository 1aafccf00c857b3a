import { startTracingWhenConfigured } from './lib/tracing/index';

// The API process. Tracing (only with OTEL_EXPORTER_OTLP_ENDPOINT) must hook http and pg before anything imports
// them, so the shop itself is imported only once it has started.
await startTracingWhenConfigured(process.env, 'elmwood-api');
await import('./serve-api');
