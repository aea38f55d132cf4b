import { describe, expect, it } from 'vitest';
import { ownerTurns } from '../../src/features/ai/speech/turns.js';

/** A job that finishes (or fails) when the test says so, and records when it started. */
function controlled(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    job: () => (log.push(`start ${name}`), done),
    finish: () => finish(),
    fail: () => fail(new Error(`${name} failed`)),
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('owner turns', () => {
  it("runs one owner's jobs one at a time while another owner's start at once", async () => {
    const turns = ownerTurns(3);
    const log: string[] = [];
    const [a1, a2, b1] = [controlled(log, 'a1'), controlled(log, 'a2'), controlled(log, 'b1')];
    const a1Result = turns.take('a', a1.job);
    const a2Result = turns.take('a', a2.job);
    const b1Result = turns.take('b', b1.job);
    await settle();
    expect(log).toEqual(['start a1', 'start b1']);
    a1.finish();
    expect(await a1Result).toBe('a1');
    await settle();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    a2.finish();
    b1.finish();
    expect(await Promise.all([a2Result, b1Result])).toEqual(['a2', 'b1']);
  });

  it('goes on with the next job after one fails, and hands the failure to its caller', async () => {
    const turns = ownerTurns(3);
    const log: string[] = [];
    const [first, second] = [controlled(log, 'first'), controlled(log, 'second')];
    const failed = turns.take('a', first.job)!;
    const next = turns.take('a', second.job)!;
    first.fail();
    await expect(failed).rejects.toThrow('first failed');
    await settle();
    expect(log).toEqual(['start first', 'start second']);
    second.finish();
    expect(await next).toBe('second');
  });

  it('refuses a job beyond the queue of an owner, and takes one again once a turn has ended', async () => {
    const turns = ownerTurns(2);
    const log: string[] = [];
    const jobs = [controlled(log, 'j1'), controlled(log, 'j2'), controlled(log, 'j3')];
    const taken = [turns.take('a', jobs[0]!.job), turns.take('a', jobs[1]!.job)];
    expect(turns.take('a', jobs[2]!.job)).toBeNull();
    expect(turns.take('b', jobs[2]!.job)).not.toBeNull();
    expect(turns.queued('a')).toBe(2);
    jobs[0]!.finish();
    await taken[0];
    await settle();
    expect(turns.queued('a')).toBe(1);
    expect(turns.take('a', async () => 'again')).not.toBeNull();
    jobs[1]!.finish();
    jobs[2]!.finish();
    await settle();
    await settle();
    expect(turns.queued('a')).toBe(0);
  });
});
