import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

type CardProps = {
  /** article for a thing on its own (a mission), section for a part of the page, div otherwise. */
  as?: 'div' | 'section' | 'article' | 'li';
  padding?: 'none' | 'small' | 'medium' | 'large';
  /** Flat: a border and no shadow, for cards inside cards and lists (one elevation for cards, none for lists). */
  flat?: boolean;
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'>;

/** A surface with 12 px corners and the cards' one elevation. */
export function Card({
  as: Element = 'div',
  padding = 'medium',
  flat,
  className,
  children,
  ...attributes
}: CardProps) {
  const classes = [styles.card, styles[`padding-${padding}`], flat ? styles.flat : '', className ?? ''];
  return (
    <Element {...attributes} className={classes.filter(Boolean).join(' ')}>
      {children}
    </Element>
  );
}
