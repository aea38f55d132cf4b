/** Saves bytes fetched with the bearer token as a file download (a plain link could not send the token). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser reads the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
