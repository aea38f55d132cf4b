import { describe, expect, it } from 'vitest';
import { createSseParser, parseStreamData, readChatStream } from './sse';
import type { StreamItem } from './sse';

const event = (content: string) =>
  `data: ${JSON.stringify({ conversationId: 'c', userMessageId: 'u', responseId: 'r', content })}\n\n`;

function bodyOf(chunks: Array<string | Uint8Array>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
}

async function collect(response: Response): Promise<StreamItem[]> {
  const items: StreamItem[] = [];
  for await (const item of readChatStream(response)) items.push(item);
  return items;
}

describe('SSE parser', () => {
  it('gives the data of each complete event, whatever the chunk boundaries', () => {
    const text = `${event('Hel')}${event('lo')}data: [DONE]\n\n`;
    // Every possible split point, including inside "data:" and between the two newlines.
    for (let cut = 0; cut <= text.length; cut += 1) {
      const parser = createSseParser();
      const out = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut)), ...parser.end()];
      expect(out.map((data) => parseStreamData(data))).toEqual([
        {
          kind: 'event',
          event: { conversationId: 'c', userMessageId: 'u', responseId: 'r', content: 'Hel' },
        },
        { kind: 'event', event: { conversationId: 'c', userMessageId: 'u', responseId: 'r', content: 'lo' } },
        { kind: 'done' },
      ]);
    }
  });

  it('does not emit an event before its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('data: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual(['{"a":1}']);
  });

  it('handles CRLF and CR line ends, including a CRLF split across chunks', () => {
    const parser = createSseParser();
    expect(parser.push('data: one\r')).toEqual([]);
    expect(parser.push('\n\r')).toEqual(['one']);
    expect(parser.push('\ndata: two\r\rdata: three\n\n')).toEqual(['two', 'three']);
  });

  it('ignores comments and other fields, joins multi-line data and keeps spaces after the first', () => {
    const parser = createSseParser();
    const out = parser.push(': keep-alive\nevent: message\nid: 7\ndata:  a\ndata:b\nretry: 10\n\n');
    expect(out).toEqual([' a\nb']);
  });

  it('counts a last event without its blank line when the stream ends', () => {
    const parser = createSseParser();
    expect(parser.push('data: [DONE]')).toEqual([]);
    expect(parser.end()).toEqual(['[DONE]']);
  });

  it('skips payloads that are not chat events', () => {
    expect(parseStreamData('not json')).toBeNull();
    expect(parseStreamData('{"hello":1}')).toBeNull();
    expect(parseStreamData(' [DONE] ')).toEqual({ kind: 'done' });
  });
});

describe('reading a response body', () => {
  it('decodes multi-byte characters split across chunks and stops at the done marker', async () => {
    const bytes = new TextEncoder().encode(`${event('Grüße 🚀')}data: [DONE]\n\n${event('after')}`);
    const rocket = bytes.findIndex((b) => b === 0xf0);
    const items = await collect(bodyOf([bytes.slice(0, rocket + 2), bytes.slice(rocket + 2)]));
    expect(items).toEqual([
      {
        kind: 'event',
        event: { conversationId: 'c', userMessageId: 'u', responseId: 'r', content: 'Grüße 🚀' },
      },
      { kind: 'done' },
    ]);
  });

  it("throws 'No reader available' for a response without a body", async () => {
    await expect(collect(new Response(null))).rejects.toThrow('No reader available');
  });

  it('carries an error event through', async () => {
    const error = `data: ${JSON.stringify({ conversationId: 'c', userMessageId: 'u', responseId: 'r', error: 'Model down' })}\n\n`;
    const items = await collect(bodyOf([error, 'data: [DONE]\n\n']));
    expect(items[0]).toMatchObject({ kind: 'event', event: { error: 'Model down' } });
    expect(items[1]).toEqual({ kind: 'done' });
  });
});
