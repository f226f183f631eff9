import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AnalyticsDashboard } from '@product-console/shared';
import { AnalyticsIcon } from '@/components/icons';
import { StateBlock } from '@/components/list-body';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { PageStack } from '@/components/ui/page-stack';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useProjects } from '@/lib/projects';
import { useCompanyTimeZone } from '@/features/analytics/api/get-company-zone';
import { useDashboard } from '@/features/analytics/api/get-dashboard';
import { useFilterProducts } from '@/lib/filter-products';
import { AnalyticsFilters } from '@/features/analytics/components/analytics-filters';
import { RankedList, ScansOverTime, TopProducts } from '@/features/analytics/components/charts';
import { ScansWorldMap } from '@/features/analytics/components/scans-world-map';
import { SuspiciousSerials } from '@/features/analytics/components/suspicious-serials';
import { Totals } from '@/features/analytics/components/totals';
import { todayIn } from '@/features/analytics/model/date-range';
import { readViewState, viewRange, writeViewState, type AnalyticsViewState } from '@/features/analytics/model/url-state';

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 16px;
  align-items: start;
`;

const Busy = styled.div<{ $busy: boolean }>`
  display: grid;
  gap: 16px;
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity 0.2s ease;
`;

const EmptyState = styled(Card)`
  padding: 8px;
`;

function ChartSkeletons() {
  return (
    <Charts aria-busy="true" data-testid="analytics-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} $height="240px" />
      ))}
    </Charts>
  );
}

function DashboardCharts({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const range = { from: dashboard.from, to: dashboard.to };
  const compare = dashboard.previousFrom !== null;
  const total = dashboard.totals.scans.value;
  type ListProps = Parameters<typeof RankedList>[0];
  const ranked = (name: string, titleId: ListProps['titleId'], dimension: ListProps['dimension'], values: AnalyticsDashboard['countries'], emptyId?: ListProps['emptyId']) => (
    <RankedList name={name} titleId={titleId} dimension={dimension} values={values} total={total} compare={compare} range={range} emptyId={emptyId} />
  );
  return (
    <>
      <ScansOverTime dashboard={dashboard} range={range} />
      <Charts>
        <ScansWorldMap countries={dashboard.countries} total={total} compare={compare} range={range} />
        <TopProducts dashboard={dashboard} range={range} />
        {ranked('countries', 'analytics.chart.countries', 'country', dashboard.countries)}
        {ranked('regions', 'analytics.chart.regions', 'region', dashboard.regions)}
        {ranked('devices', 'analytics.chart.devices', 'device', dashboard.devices)}
        {ranked('systems', 'analytics.chart.systems', 'os', dashboard.systems)}
        {ranked('browsers', 'analytics.chart.browsers', 'browser', dashboard.browsers)}
        {ranked('link-types', 'analytics.chart.linkTypes', 'linkType', dashboard.linkTypes)}
        {ranked('languages', 'analytics.chart.languages', 'language', dashboard.languages)}
        {ranked('campaigns', 'rules.analytics.campaigns', 'campaign', dashboard.campaigns, 'rules.analytics.noCampaigns')}
        {ranked('serials', 'analytics.chart.serials', 'serial', dashboard.serials, dashboard.serialsRanked ? undefined : 'analytics.serialsNotRanked')}
      </Charts>
    </>
  );
}

/**
 * /{serviceName}/dashboard/DL-analytics (spec point 2): what scans of the company's Digital Links
 * tell, over a range of days in the company's time zone, against the previous period; the range
 * and filters live in the address.
 */
export function DlAnalyticsRoute() {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readViewState(searchParams), [searchParams]);
  const zone = useCompanyTimeZone();
  const range = zone.timeZone ? viewRange(state, todayIn(zone.timeZone)) : null;
  const dashboard = useDashboard(range && { ...range, compare: state.compare, projectId: state.projectId, productId: state.productId });
  const projects = useProjects();
  // The product list's search, asked for 300 ms after the last key.
  const [productSearch, setProductSearch] = useState('');
  const [productQuery, setProductQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setProductQuery(productSearch), 300);
    return () => clearTimeout(timer);
  }, [productSearch]);
  const products = useFilterProducts(state.projectId, productQuery);

  const change = (next: AnalyticsViewState) => setSearchParams(writeViewState(next), { replace: true });
  const data = dashboard.data;

  let body;
  if (zone.error && !zone.timeZone) {
    body = <LoadError message={apiErrorMessage(intl, zone.error)} onRetry={zone.retry} testId="analytics-error" />;
  } else if (dashboard.error && !data) {
    body = <LoadError message={apiErrorMessage(intl, dashboard.error)} onRetry={() => void dashboard.mutate()} testId="analytics-error" />;
  } else if (!data) {
    body = (
      <>
        <Totals totals={undefined} />
        <ChartSkeletons />
      </>
    );
  } else {
    body = (
      <Busy $busy={dashboard.isValidating} aria-busy={dashboard.isValidating} data-testid="analytics-dashboard">
        <Totals totals={data.totals} />
        <SuspiciousSerials serials={data.suspiciousSerials} timeZone={data.timeZone} />
        {data.totals.scans.value === 0 ? (
          <EmptyState>
            <StateBlock testId="analytics-empty" icon={<AnalyticsIcon size={28} />}>
              <strong>
                <FormattedMessage id="analytics.empty" />
              </strong>
              <span>
                <FormattedMessage id="analytics.emptyHow" />
              </span>
            </StateBlock>
          </EmptyState>
        ) : (
          <DashboardCharts dashboard={data} />
        )}
      </Busy>
    );
  }

  return (
    <PageStack data-testid="dl-analytics">
      <PageHeader title={<FormattedMessage id="nav.analytics" />} description={<FormattedMessage id="analytics.subtitle" />} />
      {range && zone.timeZone ? (
        <AnalyticsFilters
          key={`${range.from}_${range.to}`}
          state={state}
          range={range}
          timeZone={data?.timeZone ?? zone.timeZone}
          projects={projects.data?.result ?? []}
          products={products.data?.result ?? []}
          productsTotal={products.data?.pageInfo.total ?? 0}
          productSearch={productSearch}
          onProductSearch={setProductSearch}
          onChange={change}
        />
      ) : (
        <Skeleton $height="68px" />
      )}
      {body}
    </PageStack>
  );
}
