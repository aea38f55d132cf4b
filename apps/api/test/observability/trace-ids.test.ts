import { isValidSpanId, isValidTraceId } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { PooledIdGenerator } from '../../src/lib/tracing.js';

// Every request's trace id comes from this pool (log lines and error answers carry it): ids must be valid for
// any collector and never repeat, across the pool's refills too.
describe('PooledIdGenerator', () => {
  it('gives valid, distinct trace and span ids across many refills of its pool', () => {
    const ids = new PooledIdGenerator();
    const seen = new Set<string>();
    // 8 KiB of random bytes per refill, 24 bytes a round: about 60 refills, ending part-way through one.
    for (let round = 0; round < 20_000; round++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(isValidTraceId(traceId)).toBe(true);
      expect(isValidSpanId(spanId)).toBe(true);
      seen.add(traceId).add(spanId);
    }
    expect(seen.size).toBe(40_000);
  });

  it('gives two generators different ids', () => {
    const first = new PooledIdGenerator();
    const second = new PooledIdGenerator();
    expect(first.generateTraceId()).not.toBe(second.generateTraceId());
  });
});
