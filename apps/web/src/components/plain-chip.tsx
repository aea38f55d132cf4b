import type { ReactNode } from 'react';
import { PlainIcon } from './plain-icon';
import './plain.css';

export type PlainChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'error';

/**
 * A small chip that nobody operates (a status, a kind, a label), drawn as plain elements with the classes of
 * `plain.css` rather than MUI's Chip, which is a styled component (decision 052). The icon, when there is one,
 * is decorative: the label says it all.
 */
export function PlainChip({
  label,
  iconPath,
  outlined = false,
  color = 'default',
}: {
  label: ReactNode;
  /** A path from `icon-paths.ts`. */
  iconPath?: string;
  outlined?: boolean;
  color?: PlainChipColor;
}) {
  const className = [
    'plain-chip',
    outlined && 'plain-chip--outlined',
    color !== 'default' && `plain-chip--${color}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className}>
      {iconPath ? <PlainIcon d={iconPath} /> : null}
      <span>{label}</span>
    </span>
  );
}
