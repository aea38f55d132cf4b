import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './after-first-paint';

afterEach(() => vi.unstubAllGlobals());

function Probe() {
  return <p>{useAfterFirstPaint() ? 'painted' : 'first render'}</p>;
}

it('is false for the first paint and true from the next frame on', () => {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  render(<Probe />);
  expect(screen.getByText('first render')).toBeTruthy();
  expect(frames).toHaveLength(1);
  act(() => frames[0]!(0));
  expect(screen.getByText('painted')).toBeTruthy();
  // Once true it stays, without asking for more frames.
  expect(frames).toHaveLength(1);
});
