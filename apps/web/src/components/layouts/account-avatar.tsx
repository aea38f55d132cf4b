import { useState } from 'react';

export function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The profile picture, or the initials without one or when it cannot be loaded. */
export function AccountAvatar({ imageUrl, initials }: { imageUrl?: string | null; initials: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="shell__avatar">
      {imageUrl && !broken ? <img src={imageUrl} alt="" onError={() => setBroken(true)} /> : initials}
    </span>
  );
}
