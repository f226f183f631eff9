import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AnalyticsDashboard, Figure } from '@product-console/shared';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { changeOf } from '@/features/analytics/model/change';
import type { MessageId } from '@/lib/i18n';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 140px), 1fr));
  gap: 16px;
`;

const Tile = styled.li`
  display: grid;
  gap: 6px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`;

const Label = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled.span`
  font-size: 28px;
  font-weight: 700;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
`;

const TOTALS: { key: keyof AnalyticsDashboard['totals']; labelId: MessageId }[] = [
  { key: 'scans', labelId: 'analytics.total.scans' },
  { key: 'visitors', labelId: 'analytics.total.visitors' },
  { key: 'products', labelId: 'analytics.total.products' },
  { key: 'serials', labelId: 'analytics.total.serials' },
];

/** ▲ 12 % / ▼ 5 % / new / no change against the previous period; nothing without comparison. */
export function ChangeBadge({ figure }: { figure: Figure }) {
  const intl = useIntl();
  const change = changeOf(figure.value, figure.previous);
  if (change.kind === 'none') return null;
  if (change.kind === 'new') {
    return (
      <Badge $tone="primary" data-testid="change-badge">
        <FormattedMessage id="analytics.change.new" />
      </Badge>
    );
  }
  if (change.kind === 'same') {
    return (
      <Badge $tone="neutral" data-testid="change-badge">
        <FormattedMessage id="analytics.change.same" />
      </Badge>
    );
  }
  const percent = intl.formatNumber(change.percent / 100, { style: 'percent' });
  const up = change.kind === 'up';
  return (
    <Badge $tone={up ? 'success' : 'danger'} data-testid="change-badge" title={intl.formatMessage({ id: 'analytics.change.previous' }, { value: intl.formatNumber(figure.previous ?? 0) })}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <FormattedMessage id={up ? 'analytics.change.up' : 'analytics.change.down'} values={{ percent }} />
    </Badge>
  );
}

/** The range's totals with their change against the comparison period. */
export function Totals({ totals }: { totals: AnalyticsDashboard['totals'] | undefined }) {
  const intl = useIntl();
  return (
    <Grid aria-label={intl.formatMessage({ id: 'analytics.totals' })} aria-busy={!totals}>
      {TOTALS.map(({ key, labelId }) => (
        <Tile key={key} data-testid={`total-${key}`}>
          <Label>
            <FormattedMessage id={labelId} />
          </Label>
          {totals ? (
            <>
              <Value data-testid={`total-${key}-value`}>{intl.formatNumber(totals[key].value)}</Value>
              <span>
                <ChangeBadge figure={totals[key]} />
              </span>
            </>
          ) : (
            <Skeleton $width="90px" $height="30px" />
          )}
        </Tile>
      ))}
    </Grid>
  );
}
