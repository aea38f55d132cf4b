import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';

// The embedded database runs statements on the server's own thread. A burst of them (every call at work asking
// at once) must leave the event loop turns in between, where it accepts connections, reads calls and fires the
// admission's deadline; otherwise calls wait unseen in the kernel's queue for as long as the load lasts.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => handle.close());

describe('the embedded database under a burst of statements', () => {
  it('lets a timer due now fire between statements, not after the whole burst', async () => {
    let done = 0;
    const burst = Array.from({ length: 40 }, () =>
      handle.db.execute(sql`select count(*) from users`).then(() => (done += 1)),
    );
    const doneWhenTimerFired = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    expect(doneWhenTimerFired).toBeLessThan(5);
    await Promise.all(burst);
    expect(done).toBe(40);
  });
});
