/**
 * Where the shop's code meets tracing without loading it: pass-throughs until `useTracing` is handed the real hooks
 * (by ./start, which only OTEL_EXPORTER_OTLP_ENDPOINT loads). Nothing here imports OpenTelemetry.
 */
export interface TracingHooks {
  /** Runs a job's handler inside a span of its own (its queries become the span's children). */
  inJobSpan<T>(queue: string, jobId: string, work: () => Promise<T>): Promise<T>;
  /** Names the active request's span after its route pattern (the raw URL carries ids). */
  nameRequestSpan(method: string, route: string): void;
  /** The active span's ids, for the log line being written; null outside a span. */
  activeIds(): { trace_id: string; span_id: string } | null;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

let active: TracingHooks | null = null;

export function useTracing(hooks: TracingHooks): void {
  active = hooks;
}

export function tracingActive(): boolean {
  return active !== null;
}

export function inJobSpan<T>(queue: string, jobId: string, work: () => Promise<T>): Promise<T> {
  return active ? active.inJobSpan(queue, jobId, work) : work();
}

export function nameRequestSpan(method: string, route: string): void {
  active?.nameRequestSpan(method, route);
}

/** pino's mixin: every log line written inside a span carries its trace_id and span_id. */
export function traceIdsForLog(): Record<string, string> {
  return active?.activeIds() ?? {};
}

export async function stopTracing(): Promise<void> {
  await active?.shutdown();
}
