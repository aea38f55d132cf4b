import { collectNothingPersonal, scrubEvent } from '@liftoff/contracts/error-report-scrub';
import {
  browserApiErrorsIntegration,
  dedupeIntegration,
  globalHandlersIntegration,
  init,
  linkedErrorsIntegration,
  type BrowserOptions,
} from '@sentry/browser';

/**
 * Starts Sentry's browser SDK. This module is imported dynamically after the first render (main.tsx), so it and
 * the SDK are chunks of their own fetched only when VITE_SENTRY_DSN was set at build time: the first load does
 * not carry them. Named imports, not the namespace, so the bundler leaves out replay, feedback and tracing.
 */
export function startErrorReporting(dsn: string, production: boolean) {
  const options: BrowserOptions = {
    dsn,
    environment: production ? 'production' : 'development',
    // Spec section 9; the SDK makes no spans here (no tracing integration): the API's traces are OpenTelemetry's.
    tracesSampleRate: production ? 0.1 : 1,
    // Version 11's form of `sendDefaultPii: false`.
    dataCollection: collectNothingPersonal,
    // Uncaught errors and rejections only; the default set adds breadcrumbs of clicks, console and calls.
    defaultIntegrations: false,
    integrations: [
      globalHandlersIntegration(),
      browserApiErrorsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
    ],
    beforeSend: (event) => scrubEvent(event),
  };
  return init(options);
}
