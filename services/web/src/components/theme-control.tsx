import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { THEME_MODES, THEME_PRESETS, type ThemeMode, type ThemePreset } from '@product-console/shared';
import { CheckIcon, PaletteIcon } from '@/components/icons';
import { IconButton } from '@/components/ui/button';
import {
  MenuContent,
  MenuItemIndicator,
  MenuLabel,
  MenuPortal,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '@/components/ui/menu';
import { PRESET_COLOURS } from '@/theme/presets';
import { useThemeSettings } from '@/theme/theme-settings';

const Swatch = styled.span<{ $primary: string; $secondary: string }>`
  width: 18px;
  height: 18px;
  flex: none;
  border-radius: 50%;
  background: linear-gradient(135deg, ${({ $primary }) => $primary} 50%, ${({ $secondary }) => $secondary} 50%);
  box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.1);
`;

const Indicator = styled(MenuItemIndicator)`
  margin-left: auto;
  display: inline-flex;
`;

const PresetGrid = styled.div`
  max-height: 280px;
  overflow-y: auto;
`;

const MODE_MESSAGE_IDS = { light: 'theme.mode.light', dark: 'theme.mode.dark', auto: 'theme.mode.auto' } as const;

/** Picks the colour preset and light/dark/auto mode; both are remembered in localStorage. */
export function ThemeControl() {
  const intl = useIntl();
  const { preset, mode, setPreset, setMode } = useThemeSettings();
  return (
    <MenuRoot modal={false}>
      <MenuTrigger asChild>
        <IconButton aria-label={intl.formatMessage({ id: 'theme.control' })} data-testid="theme-control">
          <PaletteIcon />
        </IconButton>
      </MenuTrigger>
      <MenuPortal>
        <MenuContent align="end" sideOffset={8}>
          <MenuLabel>{intl.formatMessage({ id: 'theme.mode' })}</MenuLabel>
          <MenuRadioGroup value={mode} onValueChange={(value) => setMode(value as ThemeMode)}>
            {THEME_MODES.map((item) => (
              <MenuRadioItem key={item} value={item}>
                {intl.formatMessage({ id: MODE_MESSAGE_IDS[item] })}
                <Indicator>
                  <CheckIcon size={16} />
                </Indicator>
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
          <MenuSeparator />
          <MenuLabel>{intl.formatMessage({ id: 'theme.preset' })}</MenuLabel>
          <PresetGrid>
            <MenuRadioGroup value={preset} onValueChange={(value) => setPreset(value as ThemePreset)}>
              {THEME_PRESETS.map((item) => (
                <MenuRadioItem key={item} value={item}>
                  <Swatch $primary={PRESET_COLOURS[item].primary.light} $secondary={PRESET_COLOURS[item].secondary.light} />
                  {intl.formatMessage({ id: `theme.preset.${item}` })}
                  <Indicator>
                    <CheckIcon size={16} />
                  </Indicator>
                </MenuRadioItem>
              ))}
            </MenuRadioGroup>
          </PresetGrid>
        </MenuContent>
      </MenuPortal>
    </MenuRoot>
  );
}
