import { collectNothingPersonal, scrubEvent } from '@liftoff/contracts/error-report-scrub';

export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
  /** Share of traces Sentry would keep: 0.1 in production, 1 elsewhere (spec section 9). */
  tracesSampleRate: number;
}

/** What a 5xx is reported with: where it happened and the id that finds its trace and log lines. */
export interface FailureContext {
  method: string;
  route: string;
  traceId: string | undefined;
}

export interface ErrorReporter {
  capture(error: unknown, where: FailureContext): void;
  /** Sends what is still queued (two seconds at most) and stops the client. */
  close(): Promise<void>;
}

/**
 * A Sentry client of this app's own (tests build several apps in one process), without the SDK's default
 * integrations, its OpenTelemetry setup or its module hooks: tracing is ours (lib/tracing.ts), and the
 * SDK's instrumentation would patch `http` and register a second tracer provider and context manager.
 * Loaded only when a DSN is set, so an app without it does not even import the SDK.
 */
export async function createErrorReporter(settings: ErrorReportingSettings): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: settings.dsn,
    environment: settings.environment,
    tracesSampleRate: settings.tracesSampleRate,
    // Version 11's form of `sendDefaultPii: false`.
    dataCollection: collectNothingPersonal,
    includeServerName: false,
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    sendClientReports: false,
    integrations: [],
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    beforeSend: (event) => scrubEvent(event),
  });
  client.init();
  const base = new Sentry.Scope();
  base.setClient(client);
  return {
    capture(error, where) {
      const scope = base.clone();
      scope.setTag('http.method', where.method);
      scope.setTag('http.route', where.route);
      if (where.traceId) scope.setTag('trace_id', where.traceId);
      scope.captureException(error);
    },
    async close() {
      await client.close(2000);
    },
  };
}
