/**
 * Takes each owner's jobs one at a time, so that one owner's many jobs cannot fill a shared engine's queue ahead
 * of everybody else's: eSpeak synthesizes in a single worker thread, first come first served, and without turns
 * a founder who asked for ten long read-alouds at once would make every other founder wait for all ten.
 * With turns, each owner has at most one job with the engine; the next starts when it settles.
 */
export function ownerTurns(maxQueuedPerOwner: number) {
  const owners = new Map<string, { tail: Promise<void>; queued: number }>();
  return {
    /** Runs `job` after the owner's earlier jobs; answers null, without running it, when they have too many queued. */
    take<T>(owner: string, job: () => Promise<T>): Promise<T> | null {
      const turns = owners.get(owner) ?? { tail: Promise.resolve(), queued: 0 };
      if (turns.queued >= maxQueuedPerOwner) return null;
      turns.queued += 1;
      owners.set(owner, turns);
      // A failed job ends its turn like a finished one.
      const result = turns.tail.then(job);
      turns.tail = result.then(
        () => {},
        () => {},
      );
      void turns.tail.then(() => {
        turns.queued -= 1;
        if (!turns.queued) owners.delete(owner);
      });
      return result;
    },
    /** How many jobs the owner has queued or running. */
    queued: (owner: string) => owners.get(owner)?.queued ?? 0,
  };
}
