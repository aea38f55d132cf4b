/**
 * Resolves in a task of its own, after what the browser has queued meanwhile (input first). Work split by it
 * comes as several short tasks, not one long one: a tap between them is answered at once. Not a timer: a
 * timer in a tab opened in the background waits a second or more.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
