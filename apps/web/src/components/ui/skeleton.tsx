import styles from './skeleton.module.css';

type SkeletonProps = {
  /** text: one line of the body's height; rect: a block (a card, an image); circle: an avatar. */
  shape?: 'text' | 'rect' | 'circle';
  /** A CSS length; text lines default to the full width, circles to 40 px. */
  width?: string | number;
  height?: string | number;
  className?: string;
};

/**
 * A grey shape where content is about to be, shaped like it (design.md: skeletons, not a lone spinner). Hidden
 * from screen readers: the region that is loading says so once (aria-busy on it, or a status line).
 */
export function Skeleton({ shape = 'text', width, height, className }: SkeletonProps) {
  const size = shape === 'circle' ? (width ?? 40) : width;
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles[shape], className ?? ''].join(' ')}
      style={{ width: size, height: shape === 'circle' ? size : height }}
    />
  );
}
