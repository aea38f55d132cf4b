import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './after-first-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  return <p>{useAfterFirstPaint() ? 'painted' : 'first render'}</p>;
}

it('is false for the first paint and true once the frame holding it has been drawn', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  render(<Probe />);
  expect(screen.getByText('first render')).toBeTruthy();
  expect(frames).toHaveLength(1);
  // The frame's callback runs before that frame is drawn: still the first render.
  act(() => frames[0]!(0));
  expect(screen.getByText('first render')).toBeTruthy();
  act(() => vi.runOnlyPendingTimers());
  expect(screen.getByText('painted')).toBeTruthy();
  // Once true it stays, without asking for more frames.
  expect(frames).toHaveLength(1);
});

it('asks for nothing after the screen has gone', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  const { unmount } = render(<Probe />);
  act(() => frames[0]!(0));
  unmount();
  expect(vi.getTimerCount()).toBe(0);
});
