/**
 * Copies text; answers whether it worked. The Clipboard API exists only in secure contexts (HTTPS or
 * localhost) and may be refused; then, given the input showing the text, it selects it and tries the
 * older copy command, so at worst the user finds the text selected, ready for Ctrl+C.
 */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls back to selecting the text below.
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
