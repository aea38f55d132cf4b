import { useInsertionEffect } from 'react';
import type { Theme } from '@mui/material/styles';

/*
 * The theme's CSS variables (both colour schemes: `:root` and `.dark`) are a third of the CSS a signed-in page's
 * first commit inserts, about 23 000 characters, the same on every load. MUI would put them through emotion,
 * which compiles them with stylis in that commit (decision 049). They are flat lists of declarations, so they
 * are written out here as one plain stylesheet instead, and the ThemeProvider is told not to generate them.
 */

type StyleObject = { [key: string]: string | number | StyleObject | undefined };

export const THEME_VARIABLES_ID = 'liftoff-theme-variables';

/** A declaration's name as CSS spells it: custom properties as they are, the rest from camelCase. */
const propertyName = (name: string) =>
  name.startsWith('--') ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** CSS text of a style object: `selector: { declarations, nested blocks }`, nested as deep as it goes. */
export function cssOf(styles: StyleObject): string {
  let css = '';
  for (const [selector, block] of Object.entries(styles)) {
    if (!block || typeof block !== 'object') continue;
    let declarations = '';
    let nested = '';
    for (const [name, value] of Object.entries(block)) {
      if (value === undefined) continue;
      if (typeof value === 'object') nested += cssOf({ [name]: value });
      else declarations += `${propertyName(name)}:${value};`;
    }
    css += `${selector}{${declarations}${nested}}`;
  }
  return css;
}

/** The stylesheet MUI would have generated for the theme's variables. */
export function themeVariablesCss(theme: Theme): string {
  const sheets = (theme.generateStyleSheets?.() ?? []) as StyleObject[];
  return sheets.map(cssOf).join('');
}

/** Puts the theme's variables in the document before anything is drawn with them (once per theme). */
export function ThemeVariables({ theme }: { theme: Theme }) {
  useInsertionEffect(() => {
    let sheet = document.getElementById(THEME_VARIABLES_ID);
    if (!sheet) {
      sheet = document.createElement('style');
      sheet.id = THEME_VARIABLES_ID;
      document.head.prepend(sheet);
    }
    sheet.textContent = themeVariablesCss(theme);
  }, [theme]);
  return null;
}
