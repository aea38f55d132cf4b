import { afterEach, describe, expect, it, vi } from 'vitest';
import { growingText } from './growing-text';

afterEach(() => vi.unstubAllGlobals());

describe('growingText', () => {
  it('lets a browser that sizes boxes from CSS grow a plain textarea, between its least and most lines', () => {
    vi.stubGlobal('CSS', {
      supports: (property: string, value: string) => property === 'field-sizing' && value === 'content',
    });
    expect(growingText({ minRows: 3, maxRows: 8 })).toEqual({
      field: { multiline: true },
      input: { inputComponent: 'textarea' },
      htmlInput: { type: undefined, style: { fieldSizing: 'content', minHeight: '3lh', maxHeight: '8lh' } },
    });
    // Without a most, it grows without end.
    expect(growingText().htmlInput.style).toEqual({ fieldSizing: 'content', minHeight: '1lh' });
  });

  it("keeps MUI's measured box where the browser cannot size one", () => {
    vi.stubGlobal('CSS', { supports: () => false });
    expect(growingText({ maxRows: 5 })).toEqual({
      field: { multiline: true, minRows: 1, maxRows: 5 },
      input: {},
      htmlInput: {},
    });
  });
});
