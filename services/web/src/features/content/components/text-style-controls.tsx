import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TextStyle } from '@product-console/shared';
import { ColourField } from '@/components/ui/colour-field';
import { CheckRow } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';

interface TextStyleControlsProps {
  id: string;
  style: TextStyle;
  /** The page's colours: a text without its own is drawn in them, and read against its background. */
  page: { background: string; textColor: string };
  onChange: (style: TextStyle) => void;
  testId: string;
}

const ALIGNS = ['left', 'center', 'right'] as const;
const SIZES = ['small', 'medium', 'large'] as const;
const DECORATIONS = ['none', 'underline', 'line-through'] as const;

const ALIGN_NAMES: Record<(typeof ALIGNS)[number], MessageId> = {
  left: 'content.style.alignLeft',
  center: 'content.style.alignCenter',
  right: 'content.style.alignRight',
};
const SIZE_NAMES: Record<(typeof SIZES)[number], MessageId> = {
  small: 'content.style.sizeSmall',
  medium: 'content.style.sizeMedium',
  large: 'content.style.sizeLarge',
};
const DECORATION_NAMES: Record<(typeof DECORATIONS)[number], MessageId> = {
  none: 'content.style.decorationNone',
  underline: 'content.style.underline',
  'line-through': 'content.style.strike',
};

/** Spec point 3 "Text style": alignment, size, weight, slant, line, title, and colours (none: the page's). */
export function TextStyleControls({ id, style, page, onChange, testId }: TextStyleControlsProps) {
  const intl = useIntl();
  const t = (messageId: MessageId) => intl.formatMessage({ id: messageId });
  const set = (change: Partial<TextStyle>) => onChange({ ...style, ...change });

  return (
    <Controls data-testid={testId}>
      <Group role="radiogroup" aria-label={t('content.style.align')}>
        {ALIGNS.map((align) => (
          <Toggle key={align} type="button" role="radio" aria-checked={style.align === align} onClick={() => set({ align })} data-testid={`${testId}-align-${align}`}>
            {t(ALIGN_NAMES[align])}
          </Toggle>
        ))}
      </Group>
      <Group role="radiogroup" aria-label={t('content.style.size')}>
        {SIZES.map((fontSize) => (
          <Toggle key={fontSize} type="button" role="radio" aria-checked={style.fontSize === fontSize} onClick={() => set({ fontSize })} data-testid={`${testId}-size-${fontSize}`}>
            {t(SIZE_NAMES[fontSize])}
          </Toggle>
        ))}
      </Group>
      <Group role="group" aria-label={t('content.style.emphasis')}>
        <Toggle
          type="button"
          aria-pressed={style.fontWeight === 'bold'}
          onClick={() => set({ fontWeight: style.fontWeight === 'bold' ? 'normal' : 'bold' })}
          data-testid={`${testId}-bold`}
        >
          <strong>{t('content.style.bold')}</strong>
        </Toggle>
        <Toggle
          type="button"
          aria-pressed={style.fontStyle === 'italic'}
          onClick={() => set({ fontStyle: style.fontStyle === 'italic' ? 'normal' : 'italic' })}
          data-testid={`${testId}-italic`}
        >
          <em>{t('content.style.italic')}</em>
        </Toggle>
      </Group>
      <Group role="radiogroup" aria-label={t('content.style.decoration')}>
        {DECORATIONS.map((textDecoration) => (
          <Toggle
            key={textDecoration}
            type="button"
            role="radio"
            aria-checked={style.textDecoration === textDecoration}
            onClick={() => set({ textDecoration })}
            data-testid={`${testId}-decoration-${textDecoration}`}
          >
            {t(DECORATION_NAMES[textDecoration])}
          </Toggle>
        ))}
      </Group>
      <CheckRow>
        <input type="checkbox" checked={style.isTitle} onChange={(event) => set({ isTitle: event.target.checked })} data-testid={`${testId}-is-title`} />
        <FormattedMessage id="content.style.isTitle" />
      </CheckRow>
      <Colours>
        <div>
          <CheckRow>
            <input
              type="checkbox"
              checked={style.color !== null}
              onChange={(event) => set({ color: event.target.checked ? page.textColor : null })}
              data-testid={`${testId}-own-colour`}
            />
            <FormattedMessage id="content.style.ownColour" />
          </CheckRow>
          {style.color !== null ? (
            <ColourField
              id={`${id}-colour`}
              label={t('content.style.colour')}
              value={style.color}
              contrastWith={{ value: style.backgroundColor ?? page.background, label: t('content.style.background') }}
              onChange={(color) => set({ color })}
            />
          ) : null}
        </div>
        <div>
          <CheckRow>
            <input
              type="checkbox"
              checked={style.backgroundColor !== null}
              onChange={(event) => set({ backgroundColor: event.target.checked ? page.background : null })}
              data-testid={`${testId}-own-background`}
            />
            <FormattedMessage id="content.style.ownBackground" />
          </CheckRow>
          {style.backgroundColor !== null ? (
            <ColourField id={`${id}-background`} label={t('content.style.background')} value={style.backgroundColor} onChange={(backgroundColor) => set({ backgroundColor })} />
          ) : null}
        </div>
      </Colours>
    </Controls>
  );
}

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px 14px;
  align-items: center;
  padding-top: 4px;
`;

const Group = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  overflow: hidden;
  max-width: 100%;
`;

const Toggle = styled.button`
  padding: 5px 10px;
  border: none;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 12px;
  cursor: pointer;
  &:last-child { border-right: none; }
  &[aria-checked='true'],
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;

const Colours = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px;
  width: 100%;
  & > div { display: flex; flex-direction: column; gap: 8px; }
`;
