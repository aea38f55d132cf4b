import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A real HTTP server on the loopback that takes POSTs to the paths `accepts` names (404 elsewhere), unzips
 * gzip bodies and hands each body's text to `receive`; the base of the stand-ins for outside services.
 */
export async function startPostReceiver(
  accepts: (url: string) => boolean,
  receive: (text: string, request: IncomingMessage) => void,
) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !accepts(request.url ?? '')) {
        response.writeHead(404).end();
        return;
      }
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      receive(raw.toString('utf8'), request);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
