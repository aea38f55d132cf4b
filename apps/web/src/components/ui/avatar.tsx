import { useState } from 'react';
import styles from './avatar.module.css';

type AvatarProps = {
  /** The person's name: the picture's text alternative, and the initials when there is no picture. */
  name: string;
  src?: string | null;
  size?: 'small' | 'medium' | 'large';
  /** Decorative when the name is written beside it: hidden from screen readers. */
  decorative?: boolean;
  className?: string;
};

/** Up to two initials of a name: "Ada Lovelace" → "AL", "ada" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toLocaleUpperCase() ?? '').join('');
}

/** A person's picture, or their initials when there is none or it fails to load. */
export function Avatar({ name, src, size = 'medium', decorative, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = [styles.avatar, styles[size], className ?? ''].join(' ');
  if (src && failed !== src) {
    return (
      <img
        className={classes}
        src={src}
        alt={decorative ? '' : name}
        onError={() => setFailed(src)}
        loading="lazy"
      />
    );
  }
  return (
    <span
      className={classes}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {initialsOf(name)}
    </span>
  );
}
