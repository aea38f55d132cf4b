import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const apiDir = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface ApiInstance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process printed (JSON log lines in production). */
  output(): string;
  exited: Promise<number | null>;
}

/**
 * One API instance as `npm start` runs it: a process of its own started from the server's entry point (tsx as
 * a loader, so no build is needed and the signal reaches the server itself), ready once it says so.
 */
export async function startApi(name: string, env: Record<string, string>): Promise<ApiInstance> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@liftoff/source', 'src/server.ts'],
    {
      cwd: apiDir,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => failed(new Error(`${name} did not start:\n${output}`)), 90_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Liftoff is running')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then((code) => failed(new Error(`${name} exited with ${code}:\n${output}`)));
  });
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}
