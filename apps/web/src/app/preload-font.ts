import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/*
 * The app's text is set in Inter. The browser finds the font only once the first screen's text is laid out,
 * after the app's code has arrived and run, and then fetches it while the founder waits for that screen: on a
 * phone's connection the last request before the page stands complete (bench/lighthouse.mjs). Asked for as
 * the boot module picks the full app, it arrives alongside that code instead. Not from index.html: the light
 * sign-in screen's first paint would share the connection with it, and that screen needs no wait.
 */
export function preloadAppFont(doc: Document = document): void {
  if (doc.head.querySelector(`link[rel="preload"][href="${interLatinUrl}"]`)) return;
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'font');
  link.setAttribute('type', 'font/woff2');
  // Fonts are always fetched in CORS mode; a preload without it would be fetched twice.
  link.setAttribute('crossorigin', 'anonymous');
  link.setAttribute('href', interLatinUrl);
  doc.head.append(link);
}
