import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { ColorSchemeContext } from '../lib/color-scheme';
import type { ColorSchemeChoice } from '../lib/color-scheme';
import { SessionActionsContext } from '../lib/session-actions';
import type { SessionActions } from '../lib/session-actions';
import { BootMark } from './boot-mark';
import { PersistedStateGate } from './persisted-state-gate';
import { startSessionWatchers } from './session-watchers';
import type { AppContext } from './store';
import { appTheme } from './theme';
import { ThemeVariables } from './theme-variables';

/**
 * The person's colour-scheme choice, as MUI's provider stores and applies it while MUI still draws screens, handed
 * to the kit's screens through a context of the app's own (lib/color-scheme.ts).
 */
function ColorSchemeChoiceProvider({ children }: { children: ReactNode }) {
  const { mode, setMode } = useColorScheme();
  const choice = useMemo<ColorSchemeChoice>(() => ({ mode: mode ?? 'system', setMode }), [mode, setMode]);
  return <ColorSchemeContext.Provider value={choice}>{children}</ColorSchemeContext.Provider>;
}

/** Store, persisted-state gate, theme (light/dark following the system) and session actions. */
export function AppProviders({ app, children }: { app: AppContext; children: ReactNode }) {
  useEffect(() => startSessionWatchers(app), [app]);
  const actions = useMemo<SessionActions>(
    () => ({ logout: app.logout, resetAuth: () => app.resetAuth(), saveSession: app.saveSession }),
    [app],
  );
  return (
    <ReduxProvider store={app.store}>
      <ThemeProvider theme={appTheme()} defaultMode="system" noSsr disableStyleSheetGeneration>
        <ThemeVariables theme={appTheme()} />
        <CssBaseline enableColorScheme />
        <ColorSchemeChoiceProvider>
          <PersistedStateGate loading={<BootMark />} persistor={app.persistor}>
            <SessionActionsContext.Provider value={actions}>{children}</SessionActionsContext.Provider>
          </PersistedStateGate>
        </ColorSchemeChoiceProvider>
      </ThemeProvider>
    </ReduxProvider>
  );
}
