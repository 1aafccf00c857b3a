export { inJobSpan, nameRequestSpan, stopTracing, traceIdsForLog, tracingActive } from './hooks';

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT names a collector, before the shop's own modules load (so that
 * their http and pg are instrumented): call it first and import the rest afterwards. Unset, not one OpenTelemetry
 * module is loaded.
 */
export async function startTracingWhenConfigured(env: { OTEL_EXPORTER_OTLP_ENDPOINT?: string }, serviceName: string): Promise<boolean> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const { startTracing } = await import('./start');
  await startTracing(serviceName);
  return true;
}
