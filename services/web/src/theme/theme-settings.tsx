import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { THEME_DEFAULTS, THEME_MODES, THEME_PRESETS, type ThemeMode, type ThemePreset } from '@product-console/shared';
import { createTheme, type ResolvedMode } from '@/theme/create-theme';
import { GlobalStyle } from '@/theme/global-style';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** Where the console's main menu sits: the left sidebar (default) or a bar under the top bar. */
export const MENU_ORIENTATIONS = ['vertical', 'horizontal'] as const;
export type MenuOrientation = (typeof MENU_ORIENTATIONS)[number];

/** localStorage key of the menu orientation, beside the preset and mode keys. */
export const MENU_ORIENTATION_STORAGE_KEY = 'console.theme.menuOrientation';

interface ThemeSettings {
  preset: ThemePreset;
  mode: ThemeMode;
  resolvedMode: ResolvedMode;
  menuOrientation: MenuOrientation;
  setPreset: (preset: ThemePreset) => void;
  setMode: (mode: ThemeMode) => void;
  setMenuOrientation: (orientation: MenuOrientation) => void;
}

const ThemeSettingsContext = createContext<ThemeSettings | null>(null);

export function useThemeSettings(): ThemeSettings {
  const value = useContext(ThemeSettingsContext);
  if (!value) throw new Error('useThemeSettings must be used inside AppThemeProvider');
  return value;
}

function readPreset(): ThemePreset {
  const stored = readStorage('local', STORAGE_KEYS.themePreset);
  return (THEME_PRESETS as readonly string[]).includes(stored ?? '') ? (stored as ThemePreset) : THEME_DEFAULTS.preset;
}

function readMode(): ThemeMode {
  const stored = readStorage('local', STORAGE_KEYS.themeMode);
  return (THEME_MODES as readonly string[]).includes(stored ?? '') ? (stored as ThemeMode) : THEME_DEFAULTS.mode;
}

function readMenuOrientation(): MenuOrientation {
  const stored = readStorage('local', MENU_ORIENTATION_STORAGE_KEY);
  return (MENU_ORIENTATIONS as readonly string[]).includes(stored ?? '')
    ? (stored as MenuOrientation)
    : THEME_DEFAULTS.menuOrientation;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** 'auto' follows the operating system and keeps following it while the page is open. */
function useSystemPrefersDark(): boolean {
  const [dark, setDark] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [preset, setPresetState] = useState<ThemePreset>(readPreset);
  const [mode, setModeState] = useState<ThemeMode>(readMode);
  const [menuOrientation, setMenuOrientationState] = useState<MenuOrientation>(readMenuOrientation);
  const systemDark = useSystemPrefersDark();
  const resolvedMode: ResolvedMode = mode === 'auto' ? (systemDark ? 'dark' : 'light') : mode;

  const setPreset = useCallback((next: ThemePreset) => {
    writeStorage('local', STORAGE_KEYS.themePreset, next);
    setPresetState(next);
  }, []);
  const setMode = useCallback((next: ThemeMode) => {
    writeStorage('local', STORAGE_KEYS.themeMode, next);
    setModeState(next);
  }, []);
  const setMenuOrientation = useCallback((next: MenuOrientation) => {
    writeStorage('local', MENU_ORIENTATION_STORAGE_KEY, next);
    setMenuOrientationState(next);
  }, []);

  useEffect(() => {
    document.documentElement.dir = THEME_DEFAULTS.direction;
    document.documentElement.dataset.theme = resolvedMode;
  }, [resolvedMode]);

  const theme = useMemo(() => createTheme(preset, resolvedMode), [preset, resolvedMode]);
  const settings = useMemo(
    () => ({ preset, mode, resolvedMode, menuOrientation, setPreset, setMode, setMenuOrientation }),
    [preset, mode, resolvedMode, menuOrientation, setPreset, setMode, setMenuOrientation],
  );

  return (
    <ThemeSettingsContext.Provider value={settings}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeSettingsContext.Provider>
  );
}
