import { useId } from 'react';
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
import { MENU_ORIENTATIONS, useThemeSettings, type MenuOrientation } from '@/theme/theme-settings';

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
const ORIENTATION_MESSAGE_IDS = {
  vertical: 'theme.menuOrientation.vertical',
  horizontal: 'theme.menuOrientation.horizontal',
} as const;

/** Picks the colour preset, light/dark/auto mode and menu orientation; all are remembered in localStorage. */
export function ThemeControl() {
  const intl = useIntl();
  const orientationLabelId = useId();
  const { preset, mode, menuOrientation, setPreset, setMode, setMenuOrientation } = useThemeSettings();
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
          <MenuLabel id={orientationLabelId}>{intl.formatMessage({ id: 'theme.menuOrientation' })}</MenuLabel>
          <MenuRadioGroup
            value={menuOrientation}
            onValueChange={(value) => setMenuOrientation(value as MenuOrientation)}
            aria-labelledby={orientationLabelId}
            data-testid="menu-orientation"
          >
            {MENU_ORIENTATIONS.map((item) => (
              <MenuRadioItem key={item} value={item} data-testid={`menu-orientation-${item}`}>
                {intl.formatMessage({ id: ORIENTATION_MESSAGE_IDS[item] })}
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
