import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ErrorDetail } from '@liftoff/contracts/common';
import { HttpError } from './http-client';
import type { HttpClient, RequestConfig } from './http-client';
import { showError, showSuccess } from './toast';

/** Thunk extra argument: the one HTTP client, injected by the store. */
export type ApiExtra = { http: HttpClient };

export type ApiExtraOptions = {
  /**
   * Show the server's success message (spec section 8) as a success toast, in the web app's wording; a
   * function decides from the answer's data (a sign-in that still needs its second factor is not one).
   */
  successToast?: boolean | ((data: unknown) => boolean);
  /** Spec section 8 fallback when the server sends no message. */
  fallbackError?: string;
  /** Do not toast failures (the screen shows them inline). */
  silent?: boolean;
};

export type ApiFailure = {
  status: number;
  message: string;
  code?: string;
  details?: ErrorDetail[];
};

export type ApiMeta = { message?: string };

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/*
 * The wording table lives beside the contracts that name the API's messages, which bring zod along: loaded
 * with the first answer that carries a message, not with the first screen. Should it not load (offline), the
 * server's own message is shown.
 */
let wording: Promise<(serverMessage: string) => string> | undefined;
async function webMessage(serverMessage: string): Promise<string> {
  wording ??= import('./messages').then(
    (module) => module.webMessage,
    () => {
      wording = undefined;
      return (message: string) => message;
    },
  );
  return (await wording)(serverMessage);
}

async function failureFrom(error: unknown, fallback: string | undefined): Promise<ApiFailure> {
  if (error instanceof HttpError) {
    const data = (error.data ?? {}) as { message?: unknown; code?: unknown; details?: unknown };
    const serverMessage = typeof data.message === 'string' && data.message.trim() ? data.message : undefined;
    const message =
      (serverMessage && (await webMessage(serverMessage))) ??
      (error.kind === 'http' ? (fallback ?? error.message) : error.message) ??
      GENERIC_ERROR;
    return {
      status: error.status,
      message,
      code: typeof data.code === 'string' ? data.code : undefined,
      details: Array.isArray(data.details) ? (data.details as ErrorDetail[]) : undefined,
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : (fallback ?? GENERIC_ERROR) };
}

/**
 * The one place that turns API answers into data and toasts (architecture.md, convention 5): it unwraps
 * the `{ message, data }` envelope, shows success messages where asked, and every failure's message in
 * the error toast. Refresh-and-retry lives in the HTTP client underneath.
 */
export const httpBaseQuery: BaseQueryFn<
  RequestConfig,
  unknown,
  ApiFailure,
  ApiExtraOptions,
  ApiMeta
> = async (args, api, extraOptions) => {
  const { http } = api.extra as ApiExtra;
  try {
    const response = await http.request<{ message?: string; data?: unknown } | null>({
      ...args,
      signal: api.signal,
    });
    const body = response.data;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    const data = body && typeof body === 'object' && 'data' in body ? body.data : body;
    const toast = extraOptions?.successToast;
    if (message && (typeof toast === 'function' ? toast(data) : toast)) {
      api.dispatch(showSuccess(await webMessage(message)));
    }
    return { data: data ?? null, meta: { message } };
  } catch (error) {
    const failure = await failureFrom(error, extraOptions?.fallbackError);
    const aborted = error instanceof HttpError && error.kind === 'aborted';
    if (!aborted && !extraOptions?.silent) api.dispatch(showError(failure.message));
    return { error: failure };
  }
};

/** The one RTK Query API; each feature adds its endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: [
    'User',
    'Flags',
    'Notifications',
    'People',
    'Audit',
    'StudioFlags',
    'Support',
    'Sessions',
    'BackupCodes',
    'Startup',
  ],
  endpoints: () => ({}),
});

/** The HTTP status of an RTK Query failure (0 when the server was not reached or it is not a failure). */
export function errorStatus(error: unknown): number {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 0;
}

/** Reads the error message of an RTK Query failure for inline display. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return fallback;
}
