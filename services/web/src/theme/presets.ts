import type { ThemePreset } from '@product-console/shared';

interface PresetColours {
  /** Primary colour on a light and on a dark background. */
  primary: { light: string; dark: string };
  secondary: { light: string; dark: string };
}

/** Preset colour themes of spec point 9: each pairs a distinct primary and secondary colour. */
export const PRESET_COLOURS: Record<ThemePreset, PresetColours> = {
  default: { primary: { light: '#2563eb', dark: '#60a5fa' }, secondary: { light: '#475569', dark: '#94a3b8' } },
  theme1: { primary: { light: '#4f46e5', dark: '#818cf8' }, secondary: { light: '#db2777', dark: '#f472b6' } },
  theme2: { primary: { light: '#0f766e', dark: '#2dd4bf' }, secondary: { light: '#b45309', dark: '#fbbf24' } },
  theme3: { primary: { light: '#7c3aed', dark: '#a78bfa' }, secondary: { light: '#0e7490', dark: '#22d3ee' } },
  theme4: { primary: { light: '#047857', dark: '#34d399' }, secondary: { light: '#4338ca', dark: '#a5b4fc' } },
  theme5: { primary: { light: '#be123c', dark: '#fb7185' }, secondary: { light: '#334155', dark: '#cbd5e1' } },
  theme6: { primary: { light: '#c2410c', dark: '#fb923c' }, secondary: { light: '#0369a1', dark: '#38bdf8' } },
  theme7: { primary: { light: '#0e7490', dark: '#67e8f9' }, secondary: { light: '#4d7c0f', dark: '#a3e635' } },
  theme8: { primary: { light: '#a21caf', dark: '#e879f9' }, secondary: { light: '#0f766e', dark: '#5eead4' } },
};
