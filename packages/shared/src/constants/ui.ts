/** Layout and behaviour constants of spec point 9. */
export const BREAKPOINTS = { xs: 0, sm: 768, md: 1024, lg: 1266, xl: 1440 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export const DRAWER_WIDTH = 280;
export const MINI_DRAWER_WIDTH = 90;
export const HORIZONTAL_MENU_MAX_ITEMS = 7;
export const PREVIEW_MAX_WIDTH = 400;

export const SNACKBAR_AUTO_HIDE_MS = 1500;
export const SNACKBAR_MAX_STACK = 3;

/** Cached queries in the console: 5-minute stale time and one retry; the preview uses none. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 1;
export const PREVIEW_QUERY_RETRY_COUNT = 0;

export const SWITCH_PAGE_REFRESH_DELAY_MS = 500;

export const THEME_PRESETS = ['default', 'theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6', 'theme7', 'theme8'] as const;
export type ThemePreset = (typeof THEME_PRESETS)[number];
export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_DEFAULTS = { mode: 'light', direction: 'ltr', menuOrientation: 'vertical', preset: 'default' } as const;

/** Session storage key of the preview channel's developer token. */
export const DEV_TOKEN_STORAGE_KEY = 'dev.auth';

export const UI_LANGUAGES = ['en', 'ko', 'it', 'zh', 'ja'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';
