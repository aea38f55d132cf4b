import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

describe('copyText', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('writes through the Clipboard API where there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('https://liftoff.test/preview?token=abc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://liftoff.test/preview?token=abc');
  });

  it('without the Clipboard API (plain HTTP) selects the shown text and uses the copy command', async () => {
    vi.stubGlobal('navigator', {});
    const input = document.createElement('input');
    input.value = 'https://liftoff.test/preview?token=abc';
    document.body.append(input);
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    expect(await copyText(input.value, input)).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    input.remove();
  });

  it('answers false when nothing could copy, so the caller can say so', async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    expect(await copyText('secret')).toBe(false);
  });
});
