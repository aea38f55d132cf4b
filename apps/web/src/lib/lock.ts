/** Runs `task` while holding the named lock. */
export type LockFn = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** An in-process mutex per name: the fallback where the Web Locks API is missing, and the test double for "tabs". */
export function createMemoryLock(): LockFn {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return run;
  };
}

/**
 * Web Locks are shared by every tab of the origin, so only one tab at a time can rotate the refresh
 * token (the server revokes the whole family when a rotated token is presented again).
 */
export function createBrowserLock(): LockFn {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return createMemoryLock();
  return <T>(name: string, task: () => Promise<T>) =>
    locks.request(name, { mode: 'exclusive' }, task) as Promise<T>;
}
