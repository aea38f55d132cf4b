import { startTransition, useEffect, useState } from 'react';

/**
 * False until the component's first render is on screen, then true. For data a screen shows beside its main
 * content: asked for once that content is on screen, it does not share a slow connection with what the founder
 * came for (the step's expert beside the step, say).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // An effect can run before the browser draws the render it follows, and an animation frame's callback runs
    // just before a frame is drawn: alone it would ask before the content shows. A task queued from that
    // callback runs once the frame holding the first render has been drawn.
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // As a transition: what waited for the paint renders in slices a tap can come between, not as one task.
      task = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [painted]);
  return painted;
}
