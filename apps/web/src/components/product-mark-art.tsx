import type { CSSProperties } from 'react';

/**
 * The Liftoff mark's artwork alone — a rocket on an indigo tile with an amber flame — in plain React, so the
 * light sign-in screen draws the same mark without MUI (ProductMark wraps it for the app).
 */
export function ProductMarkArt({ size, style }: { size: number; style?: CSSProperties }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      style={{ flexShrink: 0, ...style }}
      aria-hidden="true"
    >
      <rect width="64" height="64" rx="14" fill="#3730A3" />
      <path d="M32 10c7 5 11 13 11 22l-4 8H25l-4-8c0-9 4-17 11-22z" fill="#fff" />
      <circle cx="32" cy="28" r="4.5" fill="#3730A3" />
      <path d="M25 40l-6 7 8-1zM39 40l6 7-8-1z" fill="#fff" opacity=".85" />
      <path d="M28 44h8l-4 11z" fill="#F59E0B" />
    </svg>
  );
}
