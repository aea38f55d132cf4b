import type { ReactNode } from 'react';
import { useAfterFirstPaint } from '../lib/after-first-paint';

/**
 * Draws `children` once the screen around them is on screen: for what sits below a phone's first screenful,
 * so the first render is the smaller one a phone's CPU gets through before the founder can read.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
