// The fake OpenAI-compatible model server of the AI benchmarks, in a process of its own (started by
// ai-support.mjs). Sharing the benchmark client's event loop would charge the model's own work — answering
// Liftoff's follow-up call while the client waits for its first byte, say — to Liftoff's time.
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

/** OpenAI's /chat/completions streaming format; records when each streamed call arrived and sent its first token. */
async function serve({ firstTokenDelayMs = 0, pieces = 10, pieceDelayMs = 0 }) {
  const timings = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const arrived = performance.now();
      const body = JSON.parse(raw || '{}');
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: '{"followUpQuestions":["What next?","How do I start?","What can go wrong?"]}',
                },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      // Like a real model server, the status and headers go out at once and the tokens follow.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      const chunk = (delta, finish) =>
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      await new Promise((r) => setTimeout(r, firstTokenDelayMs));
      const firstToken = performance.now();
      timings.push({ arrived, firstToken, modelFirstTokenMs: firstToken - arrived });
      res.write(chunk({ role: 'assistant', content: 'Hello ' }, null));
      for (let i = 1; i < pieces; i++) {
        if (pieceDelayMs) await new Promise((r) => setTimeout(r, pieceDelayMs));
        res.write(chunk({ content: `piece${i} ` }, null));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, timings };
}

const { port, timings } = await serve(JSON.parse(process.argv[2] ?? '{}'));
process.on('message', (message) => {
  if (message === 'last-timing') process.send({ timing: timings.at(-1) ?? null });
});
process.send({ port });
