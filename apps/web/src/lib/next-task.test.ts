import { afterEach, expect, it } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => {
  delete (globalThis as { scheduler?: unknown }).scheduler;
});

it('resolves after the tasks already queued, so work split by it leaves room for them', async () => {
  const order: string[] = [];
  const queued = new MessageChannel();
  queued.port1.onmessage = () => {
    order.push('queued task');
    queued.port1.close();
  };
  queued.port2.postMessage(null);
  queueMicrotask(() => order.push('microtask'));
  await nextTask();
  order.push('next task');
  expect(order).toEqual(['microtask', 'queued task', 'next task']);
});

it("uses the browser's own yield where it has one", async () => {
  let yielded = 0;
  (globalThis as { scheduler?: unknown }).scheduler = {
    yield: () => {
      yielded += 1;
      return Promise.resolve();
    },
  };
  await nextTask();
  expect(yielded).toBe(1);
});
