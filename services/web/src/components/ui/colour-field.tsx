import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { contrastRatio } from '@product-console/shared';
import { FieldError, Hint } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';

/** WCAG AA asks this much contrast between body text and its background. */
export const WCAG_AA_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The colours the console names (spec point 1, "Translation of colour names"): a colour is named
 * after the nearest of these, each name a message in the five UI languages.
 */
export const NAMED_COLOURS = [
  { hex: '#000000', id: 'colour.name.black' },
  { hex: '#ffffff', id: 'colour.name.white' },
  { hex: '#808080', id: 'colour.name.grey' },
  { hex: '#c0c0c0', id: 'colour.name.silver' },
  { hex: '#2a2a2a', id: 'colour.name.charcoal' },
  { hex: '#f1f1f1', id: 'colour.name.lightGrey' },
  { hex: '#ff0000', id: 'colour.name.red' },
  { hex: '#800000', id: 'colour.name.maroon' },
  { hex: '#ffa500', id: 'colour.name.orange' },
  { hex: '#ffff00', id: 'colour.name.yellow' },
  { hex: '#ffd700', id: 'colour.name.gold' },
  { hex: '#008000', id: 'colour.name.green' },
  { hex: '#00ff00', id: 'colour.name.lime' },
  { hex: '#808000', id: 'colour.name.olive' },
  { hex: '#008080', id: 'colour.name.teal' },
  { hex: '#00ffff', id: 'colour.name.cyan' },
  { hex: '#0000ff', id: 'colour.name.blue' },
  { hex: '#000080', id: 'colour.name.navy' },
  { hex: '#87ceeb', id: 'colour.name.skyBlue' },
  { hex: '#800080', id: 'colour.name.purple' },
  { hex: '#ee82ee', id: 'colour.name.violet' },
  { hex: '#ffc0cb', id: 'colour.name.pink' },
  { hex: '#a52a2a', id: 'colour.name.brown' },
  { hex: '#f5f5dc', id: 'colour.name.beige' },
] as const satisfies readonly { hex: string; id: MessageId }[];

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

/**
 * The named colour nearest to a `#rrggbb` colour, by the "redmean" distance (a cheap weighting of
 * the channels that follows the eye better than plain RGB distance), and whether it is that colour.
 */
export function nearestColourName(hex: string): { id: MessageId; exact: boolean } {
  const [r, g, b] = channels(hex);
  let best: { id: MessageId; distance: number } = { id: NAMED_COLOURS[0].id, distance: Number.POSITIVE_INFINITY };
  for (const named of NAMED_COLOURS) {
    const [nr, ng, nb] = channels(named.hex);
    const mean = (r + nr) / 2;
    const distance = (2 + mean / 256) * (r - nr) ** 2 + 4 * (g - ng) ** 2 + (2 + (255 - mean) / 256) * (b - nb) ** 2;
    if (distance < best.distance) best = { id: named.id, distance };
  }
  return { id: best.id, exact: best.distance === 0 };
}

export interface ColourFieldProps {
  /** The colour inputs' id prefix; the hex text input gets `${id}-hex`. */
  id: string;
  label: string;
  /** `#rrggbb`. */
  value: string;
  onChange: (value: string) => void;
  /**
   * The colour this one is read against (text on its background): a warning shows while the
   * pair falls below WCAG AA.
   */
  contrastWith?: { value: string; label: string };
  testId?: string;
  disabled?: boolean;
}

/**
 * A colour: the browser's picker, the hex code as text and the colour's name in the UI language,
 * with a warning when it and the colour it is read against fall below 4.5:1.
 */
export function ColourField({ id, label, value, onChange, contrastWith, testId = id, disabled = false }: ColourFieldProps) {
  const intl = useIntl();
  const nameId = useId();
  const warningId = useId();
  const errorId = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const invalid = !HEX.test(text);
  const name = nearestColourName(value);
  const colourName = intl.formatMessage({ id: name.id });
  const ratio = contrastWith && HEX.test(contrastWith.value) ? contrastRatio(value, contrastWith.value) : null;
  const lowContrast = ratio !== null && ratio < WCAG_AA_CONTRAST;
  const describedBy = [nameId, lowContrast ? warningId : null, invalid ? errorId : null].filter(Boolean).join(' ');

  function typed(next: string) {
    const hex = next.startsWith('#') ? next : `#${next}`;
    setText(next);
    if (HEX.test(hex)) onChange(hex.toLowerCase());
  }

  return (
    <Wrapper data-testid={testId}>
      <Title id={`${id}-label`}>{label}</Title>
      <Controls>
        <Swatch
          id={id}
          type="color"
          value={value}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          data-testid={`${testId}-picker`}
        />
        <HexInput
          id={`${id}-hex`}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          aria-label={intl.formatMessage({ id: 'colourField.hex' }, { label })}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => typed(event.target.value.trim())}
          onBlur={() => setText(value)}
          data-testid={`${testId}-hex`}
        />
        <Name id={nameId} data-testid={`${testId}-name`}>
          {name.exact ? colourName : intl.formatMessage({ id: 'colourField.near' }, { name: colourName })}
        </Name>
      </Controls>
      {invalid ? (
        <FieldError id={errorId} role="alert">
          {intl.formatMessage({ id: 'form.invalidFormat' }, { example: '#1a1a1a' })}
        </FieldError>
      ) : null}
      {lowContrast && contrastWith ? (
        <Warning id={warningId} role="status" data-testid={`${testId}-contrast`}>
          {intl.formatMessage(
            { id: 'colourField.lowContrast' },
            { other: contrastWith.label, ratio: intl.formatNumber(Math.floor(ratio * 100) / 100, { maximumFractionDigits: 2 }), minimum: WCAG_AA_CONTRAST },
          )}
        </Warning>
      ) : null}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Title = styled.span`
  font-size: 13px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Swatch = styled.input`
  width: 44px;
  height: 36px;
  padding: 2px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const HexInput = styled.input`
  width: 96px;
  height: 36px;
  padding: 0 10px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 13px;
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.primarySoft};
    outline: none;
  }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

const Name = styled(Hint)`
  font-size: 13px;
`;

const Warning = styled.small`
  color: ${({ theme }) => theme.colors.warning};
  font-size: 12px;
  font-weight: 600;
`;
