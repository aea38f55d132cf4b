import { createServer, type Server, type Socket } from 'node:net';

/** One message as the fake SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A tiny SMTP server (RFC 5321 without extensions: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) so tests
 * can read exactly what the API's real SMTP transport sends, attachments included.
 */
export async function startFakeSmtp() {
  const mails: ReceivedMail[] = [];
  // How many of the next mails the server refuses with a temporary failure (451), as a busy server does.
  let refusing = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], raw: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], raw: '' };
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL' && refusing > 0) {
          refusing -= 1;
          reply('451 4.3.0 try again later');
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 ok');
        } else if (verb === 'RCPT') {
          current.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Refuses the next `count` mails with a temporary failure. */
    refuse(count: number) {
      refusing = count;
    },
    /** Mails to this address, oldest first, waiting briefly for them to arrive. */
    async to(address: string, atLeast = 1, timeoutMs = 3000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address.toLowerCase()));
        if (found.length >= atLeast || Date.now() > deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** The mails received after the first `count` of them, waiting briefly for `atLeast` (the outbox sends). */
    async after(count: number, atLeast: number, timeoutMs = 3000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (mails.length - count < atLeast && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails.slice(count);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface MimePart {
  headers: Record<string, string>;
  /** Decoded body (transfer encoding undone). */
  body: string;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** Every leaf part of a MIME message (multiparts walked recursively). */
export function mimeParts(raw: string): MimePart[] {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((s) => !s.startsWith('--'))
      .flatMap((s) => mimeParts(s.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  }
  return [{ headers, body: decode(body, headers['content-transfer-encoding']) }];
}

export const headerOf = (raw: string, name: string) => splitHeaders(raw).headers[name.toLowerCase()] ?? '';
