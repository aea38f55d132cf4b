import { apiHref } from '../lib/urls';

/**
 * A program, milestone or step icon from the content pack; decorative (the name is always next to it). A plain
 * image with inline styles: the overview's first screen draws one (decision 052).
 */
export function ContentIcon({
  src,
  size = 40,
  muted = false,
}: {
  src: string;
  size?: number;
  muted?: boolean;
}) {
  if (!src) return null;
  return (
    <img
      src={apiHref(src)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{
        width: size,
        height: size,
        flexShrink: 0,
        filter: muted ? 'grayscale(1)' : undefined,
        opacity: muted ? 0.6 : 1,
      }}
    />
  );
}
