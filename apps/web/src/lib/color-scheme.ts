import { createContext, useContext } from 'react';

export type ColorSchemeMode = 'system' | 'light' | 'dark';

export type ColorSchemeChoice = { mode: ColorSchemeMode; setMode: (mode: ColorSchemeMode) => void };

/**
 * The person's choice of light, dark or the system's scheme, for the account menu. The app's providers own how it
 * is stored and applied (a class on <html>, read by tokens.css); screens only read and change it, so the shell
 * needs no theme library. Outside the providers (a component's test) it is the system's, unchangeable.
 */
export const ColorSchemeContext = createContext<ColorSchemeChoice>({
  mode: 'system',
  setMode: () => undefined,
});

export function useColorSchemeChoice(): ColorSchemeChoice {
  return useContext(ColorSchemeContext);
}
