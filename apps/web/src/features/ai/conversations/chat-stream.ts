import type { HttpClient } from '../../../lib/http-client';
import { httpErrorMessage } from '../api';
import { readChatStream } from './sse';
import type { StreamItem } from './sse';

/** A stream that could not start: spec section 8's 'HTTP error! status: {code}', plus the server's words. */
export class StreamHttpError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(httpErrorMessage(status));
    this.name = 'StreamHttpError';
  }
}

async function serverMessageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Opens a chat stream (completion, continue or retry) through the HTTP client — so the token is fresh and
 * a 401 is refreshed once — and yields its events as they arrive, ending at the done marker.
 */
export async function* openChatStream(
  http: HttpClient,
  request: { url: string; body?: unknown; signal: AbortSignal },
): AsyncGenerator<StreamItem> {
  const response = await http.stream({
    url: request.url,
    method: 'POST',
    headerType: 'authorization',
    body: request.body,
    signal: request.signal,
  });
  if (!response.ok) throw new StreamHttpError(response.status, await serverMessageOf(response));
  yield* readChatStream(response);
}
