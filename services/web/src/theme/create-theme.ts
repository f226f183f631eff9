import { BREAKPOINTS, DRAWER_WIDTH, MINI_DRAWER_WIDTH, type ThemePreset } from '@product-console/shared';
import { PRESET_COLOURS } from '@/theme/presets';

export type ResolvedMode = 'light' | 'dark';

export function createTheme(preset: ThemePreset, mode: ResolvedMode) {
  const colours = PRESET_COLOURS[preset];
  const dark = mode === 'dark';
  const primary = dark ? colours.primary.dark : colours.primary.light;
  const secondary = dark ? colours.secondary.dark : colours.secondary.light;

  return {
    preset,
    mode,
    direction: 'ltr' as const,
    colors: {
      primary,
      onPrimary: dark ? '#0b1220' : '#ffffff',
      primarySoft: `color-mix(in srgb, ${primary} ${dark ? 22 : 10}%, transparent)`,
      primaryHover: `color-mix(in srgb, ${primary} 86%, ${dark ? '#ffffff' : '#000000'})`,
      secondary,
      onSecondary: dark ? '#0b1220' : '#ffffff',
      secondarySoft: `color-mix(in srgb, ${secondary} ${dark ? 22 : 10}%, transparent)`,
      background: dark ? '#0b1120' : '#f4f6fa',
      surface: dark ? '#131c2e' : '#ffffff',
      surfaceMuted: dark ? '#1a2438' : '#f8fafc',
      surfaceHover: dark ? '#1f2a40' : '#f1f5f9',
      border: dark ? '#27324a' : '#e2e8f0',
      borderStrong: dark ? '#3a4760' : '#cbd5e1',
      text: dark ? '#e6ebf5' : '#0f172a',
      textMuted: dark ? '#9aa7bd' : '#5b6b82',
      success: dark ? '#4ade80' : '#15803d',
      successSoft: dark ? 'rgba(74, 222, 128, 0.14)' : '#dcfce7',
      warning: dark ? '#fbbf24' : '#a16207',
      warningSoft: dark ? 'rgba(251, 191, 36, 0.14)' : '#fef3c7',
      danger: dark ? '#f87171' : '#b91c1c',
      dangerSoft: dark ? 'rgba(248, 113, 113, 0.14)' : '#fee2e2',
      overlay: dark ? 'rgba(2, 6, 23, 0.7)' : 'rgba(15, 23, 42, 0.45)',
      skeleton: dark ? '#222d44' : '#e8edf4',
    },
    radius: { sm: '6px', md: '10px', lg: '14px', pill: '999px' },
    shadow: {
      sm: dark ? '0 1px 2px rgba(0,0,0,0.4)' : '0 1px 2px rgba(15,23,42,0.06)',
      md: dark ? '0 6px 20px rgba(0,0,0,0.45)' : '0 4px 16px rgba(15,23,42,0.08)',
      lg: dark ? '0 16px 40px rgba(0,0,0,0.55)' : '0 16px 40px rgba(15,23,42,0.16)',
    },
    breakpoints: BREAKPOINTS,
    layout: { drawerWidth: DRAWER_WIDTH, miniDrawerWidth: MINI_DRAWER_WIDTH, headerHeight: 64 },
  };
}

export type AppTheme = ReturnType<typeof createTheme>;
