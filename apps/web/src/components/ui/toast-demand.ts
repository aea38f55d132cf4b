/*
 * Whether any toast has been asked for yet, in a module of its own with no Base UI in it: the app's root reads it
 * to fetch the toast region's code on the first toast rather than with every page (app/root.tsx). toast.tsx keeps
 * what is asked for before the region is there and hands it over when the region mounts.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function toastWanted(): boolean {
  return wanted;
}

export function markToastWanted() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function onToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
