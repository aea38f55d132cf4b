import { useEffect, useState } from 'react';

/**
 * False until the frame after the component's first paint, then true. For data a screen shows beside its main
 * content: asked for once that content is on screen, it does not share a slow connection with what the founder
 * came for (the step's expert beside the step, say).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // The callback runs before the next frame is drawn, so the one already drawn held the first render.
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  return painted;
}
