import type { ChatStreamEvent } from '@liftoff/contracts/ai';

/** The done marker that ends a chat stream (api-contract.md "AI chat stream"). */
export const DONE_MARKER = '[DONE]';

/**
 * An incremental parser for `text/event-stream`: feed it text as it arrives, in chunks of any size, and
 * it hands back the `data` of each complete event. A line (or an event) split across two chunks is kept
 * until the rest arrives; CRLF, CR and LF line ends, comments and multi-line data all follow the
 * EventSource rules.
 */
export function createSseParser() {
  let buffer = '';
  let data: string[] = [];
  let pendingCr = false;

  function takeLine(line: string, out: string[]) {
    if (line === '') {
      if (data.length) out.push(data.join('\n'));
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  }

  return {
    /** Adds text; answers the data of every event this text completed. */
    push(text: string): string[] {
      const out: string[] = [];
      let chunk = text;
      // A CR at the very end of the previous chunk may be the first half of a CRLF.
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        takeLine(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /** The stream ended: an event without its blank line still counts. */
    end(): string[] {
      const out: string[] = [];
      if (buffer) takeLine(buffer, out);
      buffer = '';
      takeLine('', out);
      return out;
    },
  };
}

export type StreamItem = { kind: 'event'; event: ChatStreamEvent } | { kind: 'done' };

/** Reads one data payload: the done marker, a chat stream event, or nothing for anything else. */
export function parseStreamData(data: string): StreamItem | null {
  if (data.trim() === DONE_MARKER) return { kind: 'done' };
  try {
    const value = JSON.parse(data) as unknown;
    if (value && typeof value === 'object' && 'conversationId' in value) {
      return { kind: 'event', event: value as ChatStreamEvent };
    }
  } catch {
    // Not JSON: ignored, as EventSource ignores what it cannot use.
  }
  return null;
}

/**
 * Reads a chat stream response body as it arrives. Throws 'No reader available' when the response has
 * no body (spec section 8). Multi-byte characters split across chunks are decoded whole.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    while (!(await reader.read()).done) {
      // Nothing follows the done marker but the end of the body.
    }
  } catch {
    // The connection closed: there was nothing left to read.
  } finally {
    reader.releaseLock();
  }
}

export async function* readChatStream(response: Response): AsyncGenerator<StreamItem> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('No reader available');
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let ended = false;
  let sawDone = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      ended = done;
      const datas = done
        ? [...parser.push(decoder.decode()), ...parser.end()]
        : parser.push(decoder.decode(value, { stream: true }));
      for (const data of datas) {
        const item = parseStreamData(data);
        if (!item) continue;
        if (item.kind === 'done') sawDone = true;
        yield item;
        if (item.kind === 'done') return;
      }
      if (done) return;
    }
  } finally {
    // After the done marker, read the body to its end: a body left half-read is cancelled by the browser,
    // and a finished answer would show as an aborted request. Before it, the caller stopped: let go.
    if (sawDone && !ended) void drain(reader);
    else reader.releaseLock();
  }
}
