/** Storage access that survives private mode and disabled storage. */
export function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: 'local' | 'session', key: string, value: string) {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Preferences are a convenience: losing them is acceptable.
  }
}

/** Keys of the console's own preferences. */
export const STORAGE_KEYS = {
  language: 'console.language',
  themePreset: 'console.theme.preset',
  themeMode: 'console.theme.mode',
  sidebarCollapsed: 'console.sidebar.collapsed',
  sessionHint: 'console.session',
} as const;
