import { startPostReceiver } from './post-receiver.js';

export interface ReceivedItem {
  header: { type: string; length?: number } & Record<string, unknown>;
  payload: Record<string, unknown>;
}

/**
 * A Sentry ingest stand-in: a real HTTP server taking `POST /api/<project>/envelope/`, the SDK's transport,
 * parsing each envelope (a JSON header line, then an item header line and its payload per item), and keeping
 * every raw body so a test can search for what must never arrive.
 */
export async function startSentryIngest() {
  const bodies: string[] = [];
  const items: ReceivedItem[] = [];
  const receiver = await startPostReceiver(
    (url) => /^\/api\/[^/]+\/envelope\/(\?.*)?$/.test(url),
    (text) => {
      bodies.push(text);
      const lines = text.split('\n');
      // The envelope's own header (dsn, event id, sent at) is the first line; items follow in pairs.
      for (let at = 1; at < lines.length; at += 2) {
        const [header, payload] = [lines[at], lines[at + 1]];
        if (!header) break;
        items.push({
          header: JSON.parse(header) as ReceivedItem['header'],
          payload: payload ? (JSON.parse(payload) as Record<string, unknown>) : {},
        });
      }
    },
  );
  return {
    /** A DSN pointing at this server, project 42. */
    dsn: `http://publickey@127.0.0.1:${receiver.port}/42`,
    bodies,
    items,
    events: () => items.filter((item) => item.header.type === 'event').map((item) => item.payload),
    close: receiver.close,
  };
}
