// The floor of the AI first-byte benchmark, in a process of its own: a bare Node proxy (no framework,
// database or SDK) that forwards the question to the model server and pipes its stream back. What it adds is
// loopback HTTP both ways, twice, and one process hop — what any proxy in Liftoff's place would pay.
import { createServer } from 'node:http';

const modelUrl = process.argv[2];
const proxy = createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const upstream = await fetch(`${modelUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: raw }] }),
  });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for await (const chunk of upstream.body) res.write(chunk);
  res.end();
});
proxy.listen(0, '127.0.0.1', () => process.send({ port: proxy.address().port }));
