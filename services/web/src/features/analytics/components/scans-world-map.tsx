import { useMemo } from 'react';
import styled, { useTheme } from 'styled-components';
import { useIntl } from 'react-intl';
import countryCodes from 'i18n-iso-countries';
import type { AnalyticsDashboard } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';
import { drawWorldMap } from '@/lib/map/world-map';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { rankedTable } from '@/features/analytics/components/charts';
import { useNameOf } from '@/features/analytics/model/dimension-names';

/*
 * Scans by country on a world map (decision 081): the same Natural Earth drawing as the journey
 * maps, each country shaded by its share of the range's scans, with the ranked data table and CSV
 * of the countries list (the map itself is hidden from screen readers, as every chart is).
 */

const WIDTH = 720;
const HEIGHT = 350;

const MapCard = styled(ChartCard)`
  grid-column: 1 / -1;
  svg { width: 100%; height: auto; display: block; }
`;

const Legend = styled.p`
  margin: 8px 0 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface ScansWorldMapProps {
  countries: AnalyticsDashboard['countries'];
  total: number;
  compare: boolean;
  range: { from: string; to: string };
}

export function ScansWorldMap({ countries, total, compare, range }: ScansWorldMapProps) {
  const intl = useIntl();
  const theme = useTheme();
  const nameOf = useNameOf();
  const words = (id: MessageId) => intl.formatMessage({ id });
  const world = useMemo(() => drawWorldMap(WIDTH, HEIGHT), []);
  const scansByNumeric = useMemo(() => {
    const map = new Map<string, number>();
    for (const entry of countries) {
      const numeric = countryCodes.alpha2ToNumeric(entry.value);
      if (numeric) map.set(String(Number(numeric)), (map.get(String(Number(numeric))) ?? 0) + entry.scans);
    }
    return map;
  }, [countries]);
  const most = Math.max(0, ...scansByNumeric.values());
  const title = words('analytics.chart.worldMap');
  const table = rankedTable(countries, total, compare, (entry) => nameOf('country', entry.value), words);
  return (
    <MapCard name="world-map" title={title} caption={title} table={table} range={range}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} data-testid="analytics-world-map">
        {world.countries.map((country) => {
          const scans = scansByNumeric.get(String(Number(country.numeric))) ?? 0;
          // Shaded from 15 % to 100 % of the primary colour by the share of the busiest country.
          const strength = scans > 0 && most > 0 ? 15 + Math.round((scans / most) * 85) : 0;
          return (
            <path
              key={country.numeric}
              d={country.d}
              fill={strength > 0 ? `color-mix(in srgb, ${theme.colors.primary} ${strength}%, ${theme.colors.surfaceMuted})` : theme.colors.surfaceMuted}
              stroke={theme.colors.borderStrong}
              strokeWidth={0.5}
              data-scans={scans}
              data-country={country.numeric}
            />
          );
        })}
      </svg>
      <Legend>{words('analytics.worldMap.legend')}</Legend>
    </MapCard>
  );
}
