import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { Skeleton } from '@/components/ui/skeleton';

const WIDTH = 96;
const HEIGHT = 28;

const Line = styled.svg`
  display: block;
  overflow: visible;
  color: ${({ theme }) => theme.colors.primary};
`;

/** The points of a line through the days, scaled to the box (a flat line along the bottom when all are 0). */
export function sparklinePoints(days: readonly number[], width = WIDTH, height = HEIGHT): string {
  if (days.length === 0) return '';
  const max = Math.max(...days, 1);
  const step = days.length > 1 ? width / (days.length - 1) : 0;
  return days.map((count, index) => `${(index * step).toFixed(1)},${(height - 1 - (count / max) * (height - 2)).toFixed(1)}`).join(' ');
}

/** A product's 30 days of scans as a small line; its label says the total. `undefined` while loading, `null` when it failed. */
export function ScanSparkline({ days }: { days: number[] | null | undefined }) {
  const intl = useIntl();
  if (days === undefined) return <Skeleton $width={`${WIDTH}px`} $height={`${HEIGHT}px`} />;
  if (days === null) return <span aria-hidden="true">—</span>;
  const total = days.reduce((sum, count) => sum + count, 0);
  return (
    <Line
      role="img"
      aria-label={intl.formatMessage({ id: 'overview.sparkline.label' }, { count: total })}
      data-testid="scan-sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
    >
      <polyline points={sparklinePoints(days)} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
    </Line>
  );
}
