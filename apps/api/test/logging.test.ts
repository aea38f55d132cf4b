import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { errorSerializer } from '../src/lib/logging.js';

describe('the error serializer', () => {
  it("keeps a failed model call's status and URL, not the founder's question it sent", () => {
    const error = new APICallError({
      message: 'Internal Server Error',
      url: 'http://models.internal/v1/chat/completions',
      requestBodyValues: { messages: [{ role: 'user', content: 'our secret pricing plan canary-9931' }] },
      statusCode: 500,
    });
    const logged = JSON.stringify(errorSerializer(error));
    expect(logged).not.toContain('canary-9931');
    expect(logged).toContain('"statusCode":500');
    expect(logged).toContain('http://models.internal/v1/chat/completions');
    expect(logged).toContain('"type":"APICallError"');
  });

  it('leaves other errors as pino writes them', () => {
    const logged = errorSerializer(Object.assign(new TypeError('bad input'), { code: 'E_BAD' }));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'bad input', code: 'E_BAD' });
    expect(logged.stack).toMatch(/^TypeError: bad input\n\s+at /);
  });
});
