import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import styles from './text.module.css';

export type TextVariant = 'body' | 'body-small' | 'label' | 'caption';
export type TextTone = 'default' | 'muted' | 'primary' | 'success' | 'error' | 'warning';

type TextProps = {
  variant?: TextVariant;
  tone?: TextTone;
  weight?: 'regular' | 'medium' | 'semibold' | 'bold';
  /** The element: a paragraph unless said otherwise (a span inside a line, a div around blocks). */
  as?: 'p' | 'span' | 'div' | 'strong' | 'em' | 'small' | 'label' | 'time' | 'dd' | 'dt' | 'li';
  /** Cut to one line with an ellipsis. */
  truncate?: boolean;
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'>;

const toneClass = (tone: TextTone) => (tone === 'default' ? '' : styles[`tone-${tone}`]);

/** Running text on the type scale of the tokens. */
export function Text({
  variant = 'body',
  tone = 'default',
  weight,
  as = 'p',
  truncate,
  className,
  children,
  ...attributes
}: TextProps) {
  const Element = as as ElementType;
  const classes = [
    styles.text,
    styles[variant],
    toneClass(tone),
    weight ? styles[`weight-${weight}`] : '',
    truncate ? styles.truncate : '',
    className ?? '',
  ];
  return (
    <Element {...attributes} className={classes.filter(Boolean).join(' ')}>
      {children}
    </Element>
  );
}

type HeadingProps = {
  /** The level in the page's outline (h1–h6): one h1 per screen, no level skipped. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /** The look, when it differs from the level's (a small h2 in a card reads as size 4). */
  size?: 'display' | 1 | 2 | 3 | 4 | 5;
  tone?: TextTone;
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLHeadingElement>, 'className' | 'children'>;

/** A heading: the level is the outline, the size the look; both default to the level. */
export function Heading({ level, size, tone = 'default', className, children, ...attributes }: HeadingProps) {
  const Element = `h${level}` as ElementType;
  const look = size ?? Math.min(level, 5);
  const classes = [styles.heading, styles[`size-${look}`], toneClass(tone), className ?? ''];
  return (
    <Element {...attributes} className={classes.filter(Boolean).join(' ')}>
      {children}
    </Element>
  );
}
