/**
 * A reply as the plain text that is copied or read aloud. The Markdown renderer is imported when first needed
 * (lazy-parts.tsx says why); by the time a founder copies or plays a reply, it has drawn that reply
 * and is already here.
 */
export async function replyText(source: string): Promise<string> {
  try {
    const { markdownText } = await import('./markdown');
    return markdownText(source);
  } catch {
    // The renderer could not be fetched (offline): the Markdown as written reads well enough.
    return source;
  }
}
