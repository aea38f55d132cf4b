import { cleanup, render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createAppStore } from './store';
import { appTheme } from './theme';
import { cssOf, THEME_VARIABLES_ID } from './theme-variables';

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

/**
 * Each rule of the stylesheets that declares theme variables, as `selector → declarations` in order. Vendor
 * prefixes are left out: emotion's compiler adds one (`-webkit-print-color-scheme`) that no browser reads. Spaces
 * after commas are too: the compiler drops them.
 */
function rulesIn(styles: Iterable<HTMLStyleElement>): Record<string, string[]> {
  const rules: Record<string, string[]> = {};
  for (const style of styles) {
    for (const match of (style.textContent ?? '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const selector = match[1]!.trim().replace(/,\s*/g, ', ');
      const declarations = match[2]!
        .split(';')
        .filter((text) => text && !text.startsWith('-webkit-'))
        .map((text) => text.replace(/,\s+/g, ','));
      if (
        declarations.some(
          (declaration) => declaration.startsWith('--mui-') || declaration.startsWith('color-scheme'),
        )
      )
        rules[selector] = [...(rules[selector] ?? []), ...declarations];
    }
  }
  return rules;
}

const styleElements = () => Array.from(document.head.querySelectorAll('style'));

it('declares the same variables MUI would have generated, in one plain stylesheet of its own', () => {
  // What MUI's provider puts through emotion when left to itself.
  render(
    <ThemeProvider theme={appTheme()} defaultMode="system" noSsr>
      <p>MUI</p>
    </ThemeProvider>,
  );
  const generated = rulesIn(styleElements());
  cleanup();
  document.head.querySelectorAll('style').forEach((style) => style.remove());

  render(
    <AppProviders app={createAppStore()}>
      <p>Drawn with the theme</p>
    </AppProviders>,
  );
  const own = document.getElementById(THEME_VARIABLES_ID) as HTMLStyleElement;
  expect(rulesIn([own])).toEqual(generated);
  // Both schemes are there, the dark one under the class the provider sets on <html>.
  expect(generated[':root, .light']).toContain('--mui-palette-primary-main:#3730A3');
  expect(generated['.dark']).toContain('--mui-palette-primary-main:#A5B4FC');
  expect(generated['.dark']).toContain('color-scheme:dark');
  // And emotion no longer carries them.
  const others = styleElements().filter((style) => style !== own);
  const variablesElsewhere = Object.values(rulesIn(others))
    .flat()
    .filter((declaration) => declaration.startsWith('--mui-'));
  expect(variablesElsewhere).toEqual([]);
});

it('writes CSS names and nested blocks as CSS spells them', () => {
  expect(
    cssOf({
      ':root': { colorScheme: 'light', '--mui-zIndex-appBar': 1100, '--mui-camelCase': 'kept' },
      '@media (prefers-color-scheme: dark)': { ':root': { colorScheme: 'dark' } },
    }),
  ).toBe(
    ':root{color-scheme:light;--mui-zIndex-appBar:1100;--mui-camelCase:kept;}' +
      '@media (prefers-color-scheme: dark){:root{color-scheme:dark;}}',
  );
});
