/** Reading time at 200 words a minute, at least one minute. */
export function minutesToRead(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
