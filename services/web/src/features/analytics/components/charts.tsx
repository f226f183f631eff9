import styled, { useTheme } from 'styled-components';
import { useIntl } from 'react-intl';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDashboard, RankedValue } from '@product-console/shared';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { sharePercent, type ChartTable } from '@/features/analytics/model/chart-table';
import { useNameOf, type NamedDimension } from '@/features/analytics/model/dimension-names';
import type { MessageId } from '@/lib/i18n';

type Range = { from: string; to: string };

/** Local bucket start (`2026-11-24` or `2026-11-24T13:00`) in words; the string is already local time, so read as UTC. */
function useBucketLabel(granularity: 'hour' | 'day') {
  const intl = useIntl();
  return (at: string) => {
    const time = granularity === 'hour' ? `${at}:00Z` : `${at}T00:00:00Z`;
    return granularity === 'hour'
      ? intl.formatDate(time, { timeZone: 'UTC', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
      : intl.formatDate(time, { timeZone: 'UTC', month: 'short', day: 'numeric' });
  };
}

/** The scans-over-time table: one row per bucket; the previous period's column only with comparison. */
export function seriesTable(dashboard: AnalyticsDashboard, words: (id: MessageId) => string): ChartTable {
  const compare = dashboard.previousFrom !== null;
  return {
    columns: [words('analytics.column.time'), words('analytics.column.scans'), words('analytics.column.visitors'), ...(compare ? [words('analytics.column.previousScans')] : [])],
    rows: dashboard.series.map((point) => [point.at, point.scans, point.visitors, ...(compare ? [point.previousScans] : [])]),
  };
}

/** Scans (and visitors) per hour or day, the comparison period as a dashed line. */
export function ScansOverTime({ dashboard, range }: { dashboard: AnalyticsDashboard; range: Range }) {
  const intl = useIntl();
  const theme = useTheme();
  const words = (id: MessageId) => intl.formatMessage({ id });
  const label = useBucketLabel(dashboard.granularity);
  const compare = dashboard.previousFrom !== null;
  const title = words('analytics.chart.scansOverTime');
  return (
    <ChartCard name="scans-over-time" title={title} caption={title} table={seriesTable(dashboard, words)} range={range}>
      <AreaChart responsive style={{ width: '100%', height: 260 }} data={dashboard.series} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" />
        <XAxis dataKey="at" tickFormatter={label} tick={{ fontSize: 11, fill: theme.colors.textMuted }} stroke={theme.colors.border} minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: theme.colors.textMuted }} stroke={theme.colors.border} width={48} />
        <Tooltip
          labelFormatter={(value) => label(String(value))}
          contentStyle={{ background: theme.colors.surface, border: `1px solid ${theme.colors.border}`, color: theme.colors.text }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: theme.colors.textMuted }} />
        <Area
          type="monotone"
          dataKey="scans"
          name={words('analytics.column.scans')}
          stroke={theme.colors.primary}
          fill={theme.colors.primarySoft}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Area type="monotone" dataKey="visitors" name={words('analytics.column.visitors')} stroke={theme.colors.secondary} fill="transparent" strokeWidth={1.5} isAnimationActive={false} />
        {compare ? (
          <Line
            type="monotone"
            dataKey="previousScans"
            name={words('analytics.column.previousScans')}
            stroke={theme.colors.textMuted}
            strokeDasharray="5 4"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
        ) : null}
      </AreaChart>
    </ChartCard>
  );
}

export function topProductsTable(dashboard: AnalyticsDashboard, words: (id: MessageId) => string): ChartTable {
  const compare = dashboard.previousFrom !== null;
  return {
    columns: [words('analytics.column.product'), words('analytics.column.scans'), ...(compare ? [words('analytics.column.previous')] : [])],
    rows: dashboard.topProducts.map((product) => [product.productName, product.scans, ...(compare ? [product.previous] : [])]),
  };
}

/** The most scanned products as bars. */
export function TopProducts({ dashboard, range }: { dashboard: AnalyticsDashboard; range: Range }) {
  const intl = useIntl();
  const theme = useTheme();
  const words = (id: MessageId) => intl.formatMessage({ id });
  const title = words('analytics.chart.topProducts');
  const height = Math.max(120, dashboard.topProducts.length * 34 + 30);
  return (
    <ChartCard name="top-products" title={title} caption={title} table={topProductsTable(dashboard, words)} range={range}>
      <BarChart responsive layout="vertical" style={{ width: '100%', height }} data={dashboard.topProducts} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: theme.colors.textMuted }} stroke={theme.colors.border} />
        <YAxis type="category" dataKey="productName" width={130} tick={{ fontSize: 11, fill: theme.colors.text }} stroke={theme.colors.border} />
        <Tooltip cursor={{ fill: theme.colors.surfaceHover }} contentStyle={{ background: theme.colors.surface, border: `1px solid ${theme.colors.border}`, color: theme.colors.text }} />
        <Bar dataKey="scans" name={words('analytics.column.scans')} fill={theme.colors.primary} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartCard>
  );
}

const Ranked = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const RankRow = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 4px 12px;
  font-size: 14px;
`;

const RankName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const RankFigure = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ShareTrack = styled.span`
  grid-column: 1 / -1;
  height: 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceHover};
  overflow: hidden;
`;

const ShareBar = styled.span<{ $share: number }>`
  display: block;
  height: 100%;
  width: ${({ $share }) => $share}%;
  background: ${({ theme }) => theme.colors.primary};
`;

/** A ranked list's table: the value, its name, scans, share of the range's scans and the previous period's. */
export function rankedTable(
  values: RankedValue[],
  total: number,
  compare: boolean,
  nameOf: (entry: RankedValue) => string,
  words: (id: MessageId) => string,
): ChartTable {
  return {
    columns: [
      words('analytics.column.name'),
      words('analytics.column.code'),
      words('analytics.column.scans'),
      words('analytics.column.share'),
      ...(compare ? [words('analytics.column.previous')] : []),
    ],
    rows: values.map((entry) => [nameOf(entry), entry.value, entry.scans, sharePercent(entry.scans, total), ...(compare ? [entry.previous] : [])]),
  };
}

interface RankedListProps {
  name: string;
  titleId: MessageId;
  dimension: NamedDimension;
  values: RankedValue[];
  /** The range's scans, the whole each share is of. */
  total: number;
  compare: boolean;
  range: Range;
  /** At most this many rows are drawn; the table and CSV keep them all. */
  limit?: number;
  /** What an empty list says (no scans with a value, by default). */
  emptyId?: MessageId;
}

/** A dimension's values ranked by scans, with share bars (countries, regions, devices, systems…). */
export function RankedList({ name, titleId, dimension, values, total, compare, range, limit = 10, emptyId = 'analytics.noValues' }: RankedListProps) {
  const intl = useIntl();
  const nameOf = useNameOf(dimension === 'region' && values.length > 0);
  const words = (id: MessageId) => intl.formatMessage({ id });
  const title = words(titleId);
  // A serial is an item of one product: its product's name beside it (two products may share the text).
  const entryName = (entry: RankedValue) => (entry.productName ? `${nameOf(dimension, entry.value)} · ${entry.productName}` : nameOf(dimension, entry.value));
  const table = rankedTable(values, total, compare, entryName, words);
  return (
    <ChartCard name={name} title={title} caption={title} table={table} range={range}>
      {values.length === 0 ? (
        <RankFigure>{words(emptyId)}</RankFigure>
      ) : (
        <Ranked>
          {values.slice(0, limit).map((entry) => {
            const share = sharePercent(entry.scans, total);
            return (
              <RankRow key={`${entry.productId ?? ''}/${entry.value}`}>
                <RankName title={entry.value}>{entryName(entry)}</RankName>
                <RankFigure>
                  {intl.formatNumber(entry.scans)} · {intl.formatNumber(share / 100, { style: 'percent', maximumFractionDigits: 1 })}
                </RankFigure>
                <ShareTrack>
                  <ShareBar $share={Math.min(100, share)} />
                </ShareTrack>
              </RankRow>
            );
          })}
        </Ranked>
      )}
    </ChartCard>
  );
}
