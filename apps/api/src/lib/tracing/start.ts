import { register } from 'node:module';
import { useTracing } from './hooks';

/** Requests that would only fill the traces with the platform's own polling. */
const UNTRACED_PATHS = new Set(['/metrics', '/healthz', '/readyz']);

/**
 * OpenTelemetry's tracer, with spans for incoming and outgoing HTTP, PostgreSQL queries and jobs, exported over
 * OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads that and the other standard OTEL_* variables itself).
 * Every OpenTelemetry module is imported here, dynamically, so a bundle that never calls this never loads one.
 */
export async function startTracing(serviceName: string): Promise<void> {
  // The shop is ES modules: their imports of pg and http are instrumented through this loader hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }, { HttpInstrumentation }, { PgInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!) }),
      // Statements without their values: a query's parameters may be a patient's answers.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  const tracer = api.trace.getTracer('elmwood-shop');

  useTracing({
    inJobSpan(queue, jobId, work) {
      return tracer.startActiveSpan(`job ${queue}`, { kind: api.SpanKind.CONSUMER, attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, 'messaging.message.id': jobId } }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'failed' });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    nameRequestSpan(method, route) {
      const span = api.trace.getActiveSpan();
      if (!span) return;
      span.setAttribute('http.route', route);
      span.updateName(`${method} ${route}`);
    },
    activeIds() {
      const context = api.trace.getActiveSpan()?.spanContext();
      return context ? { trace_id: context.traceId, span_id: context.spanId } : null;
    },
    shutdown: () => provider.shutdown(),
  });
}
