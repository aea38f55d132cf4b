import { APICallError } from '@ai-sdk/provider';

/** Turns whatever the model call threw into one sentence a founder can act on. */
export function describeModelError(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  let midStream = false;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (APICallError.isInstance(current)) {
      const status = current.statusCode;
      if (status === 401 || status === 403)
        return `The AI model server refused the request (HTTP ${status}): its API key is missing or wrong. Please tell your administrator.`;
      if (status === 429)
        return 'The AI model server is busy or over its quota (HTTP 429). Please try again in a moment.';
      if (status && status >= 500) return `The AI model server failed (HTTP ${status}). Please try again.`;
      if (status === 404)
        return 'The AI model server does not know the configured model (HTTP 404). Please tell your administrator.';
      if (status && status >= 400)
        return `The AI model server answered with an error (HTTP ${status}). Please try again.`;
      // A 2xx whose body failed while streaming: the answer was cut off.
      if (status) midStream = true;
      if (/ECONNREFUSED|ENOTFOUND|fetch failed/i.test(current.message))
        return 'The AI model server could not be reached. Please try again later.';
    }
    const message = current instanceof Error ? current.message : String(current);
    const code = (current as { code?: unknown }).code;
    if (code === 'ECONNRESET' || /terminated|socket|ECONNRESET|premature|other side closed/i.test(message)) {
      return 'The connection to the AI model server broke off before the answer was complete. Please try again.';
    }
    if (/ECONNREFUSED|ENOTFOUND|fetch failed/i.test(message))
      return 'The AI model server could not be reached. Please try again later.';
    current = (current as { cause?: unknown })?.cause;
  }
  if (midStream)
    return 'The connection to the AI model server broke off before the answer was complete. Please try again.';
  return 'The AI model failed to answer. Please try again.';
}
