import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible store (path-style: /bucket/key) speaking the real protocol: PutObject,
 * GetObject and DeleteObject with S3's status codes and XML errors, and every request's AWS Signature
 * Version 4 checked independently of the client library (a wrong key or a bad signature is a 403).
 */
export async function startFakeS3(credentials: {
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

  const xmlError = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };

  function signatureProblem(req: IncomingMessage, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return 'no AWS4-HMAC-SHA256 authorization';
    const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
    if (accessKeyId !== credentials.accessKeyId) return 'unknown access key';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(date!)) return 'x-amz-date does not match the credential date';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash mismatch';
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&');
    const headers = signedHeaders!
      .split(';')
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    let key = hmac(`AWS4${credentials.secretAccessKey}`, date!);
    for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
    return hmac(key, toSign).toString('hex') === signature ? null : 'signature does not match';
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({ method: req.method ?? '', path });
      const problem = signatureProblem(req, body);
      if (problem) return xmlError(res, 403, 'SignatureDoesNotMatch', problem);
      const [, bucket, ...rest] = path.split('/');
      if (bucket !== credentials.bucket)
        return xmlError(res, 404, 'NoSuchBucket', 'The bucket does not exist');
      const key = rest.join('/');
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        res.end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else xmlError(res, 405, 'MethodNotAllowed', 'Not supported here');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
