import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import styles from './stack.module.css';

/** Steps of the 8 px grid (tokens.css): 0.5 = 4 px, 1 = 8 px, 2 = 16 px … */
export type Space = 0 | 0.5 | 1 | 1.5 | 2 | 3 | 4 | 5 | 6 | 8;

const spaceVar = (space: Space) =>
  space === 0 ? '0' : `var(--space-${space === 0.5 ? 'half' : space === 1.5 ? '1-half' : space})`;

type StackProps = {
  direction?: 'column' | 'row';
  gap?: Space;
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Rows wrap onto the next line when they run out of room (at 375 px, say). */
  wrap?: boolean;
  as?: 'div' | 'section' | 'ul' | 'ol' | 'nav' | 'header' | 'footer' | 'form' | 'main' | 'article';
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'>;

const flexValue = { start: 'flex-start', end: 'flex-end', between: 'space-between' } as const;

/** Lays its children out in a column or a row with a gap on the grid: the screen's layout without margins. */
export function Stack({
  direction = 'column',
  gap = 2,
  align,
  justify,
  wrap,
  as: Element = 'div',
  className,
  style,
  children,
  ...attributes
}: StackProps) {
  const layout: CSSProperties = {
    gap: spaceVar(gap),
    alignItems: align ? (flexValue[align as keyof typeof flexValue] ?? align) : undefined,
    justifyContent: justify ? (flexValue[justify as keyof typeof flexValue] ?? justify) : undefined,
    ...style,
  };
  const classes = [styles.stack, styles[direction], wrap ? styles.wrap : '', className ?? ''];
  return (
    <Element {...attributes} className={classes.filter(Boolean).join(' ')} style={layout}>
      {children}
    </Element>
  );
}
