import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { REPORT_STATUSES, type CounterfeitReport, type DeskDiversion, type FlaggedSerial, type ReportStatus } from '@product-console/shared';
import { AlertIcon, DownloadIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/field';
import { PageStack } from '@/components/ui/page-stack';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import type { MessageId } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useFilterProducts } from '@/lib/filter-products';
import { downloadCsv, toCsv } from '@/lib/csv';
import {
  allDiversions,
  dismissDiversion,
  dismissFlag,
  flaggedExportHref,
  reportsExportHref,
  useDiversions,
  useFlagged,
  useReports,
  storyKey,
} from '@/features/authenticity/api/desk';
import { StoryPanel, countryName, formatTime, type StoryTarget } from '@/features/authenticity/components/story-panel';

/*
 * /{serviceName}/authenticity (issue 25 part 3, decision 071): the brand's Authenticity desk. Three
 * tabs (flagged serials, diversion signals, shoppers' reports), each filtered, paged and exportable
 * as CSV; each row opens the serial's story in a side panel, where a report is confirmed (and its
 * serial blacklisted), dismissed or answered. Roles 1 and 2 see every product, sub-admins those of
 * their projects (the API scopes every list).
 */

type DeskTab = 'flagged' | 'diversions' | 'reports';
const TABS: DeskTab[] = ['flagged', 'diversions', 'reports'];

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 12px 16px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  padding: 10px 14px;
  border: none;
  border-bottom: 2px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.textMuted)};
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;

const Filter = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 180px;
`;

const Open = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  text-align: start;
  cursor: pointer;
  text-decoration: underline;
  text-underline-offset: 3px;
  &:disabled { color: inherit; text-decoration: none; cursor: default; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const ExportLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 0 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

function ProductFilter({ value, onChange }: { value: number | null; onChange: (productId: number | null) => void }) {
  const intl = useIntl();
  const products = useFilterProducts(null);
  return (
    <Filter>
      <Label htmlFor="desk-product">
        <FormattedMessage id="authenticity.filter.product" />
      </Label>
      <Select id="desk-product" value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">{intl.formatMessage({ id: 'authenticity.filter.allProducts' })}</option>
        {(products.data?.result ?? []).map((product) => (
          <option key={product.productId} value={product.productId}>
            {product.product_name}
          </option>
        ))}
      </Select>
    </Filter>
  );
}

function ShownFilter({ dismissed, onChange }: { dismissed: boolean; onChange: (dismissed: boolean) => void }) {
  const intl = useIntl();
  return (
    <Filter>
      <Label htmlFor="desk-shown">
        <FormattedMessage id="authenticity.filter.shown" />
      </Label>
      <Select id="desk-shown" value={dismissed ? 'dismissed' : 'open'} onChange={(event) => onChange(event.target.value === 'dismissed')}>
        <option value="open">{intl.formatMessage({ id: 'authenticity.filter.open' })}</option>
        <option value="dismissed">{intl.formatMessage({ id: 'authenticity.filter.dismissed' })}</option>
      </Select>
    </Filter>
  );
}

function Empty({ id }: { id: MessageId }) {
  return (
    <p>
      <FormattedMessage id={id} />
    </p>
  );
}

function FlaggedTab({ open }: { open: (target: StoryTarget) => void }) {
  const intl = useIntl();
  const [productId, setProductId] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [page, setPage] = useState(1);
  const list = useFlagged({ page, productId, dismissed });

  async function toggle(row: FlaggedSerial) {
    try {
      await dismissFlag(row.id, !row.dismissed);
      showSnackbar(intl.formatMessage({ id: row.dismissed ? 'authenticity.flagged.restored' : 'authenticity.flagged.dismissedDone' }), 'success');
      await list.mutate();
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    }
  }

  return (
    <>
      <ListToolbar>
        <ProductFilter value={productId} onChange={(value) => (setProductId(value), setPage(1))} />
        <ShownFilter dismissed={dismissed} onChange={(value) => (setDismissed(value), setPage(1))} />
        <ExportLink href={flaggedExportHref({ productId, dismissed })} download data-testid="flagged-export">
          <DownloadIcon size={16} />
          <FormattedMessage id="authenticity.export" />
        </ExportLink>
      </ListToolbar>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="flagged"
        skeleton={{ rows: 5, height: '44px' }}
        emptyIcon={<AlertIcon size={28} />}
        empty={<Empty id={dismissed ? 'authenticity.flagged.emptyDismissed' : 'authenticity.flagged.empty'} />}
      >
        {(rows) => (
          <TableScroll>
            <Table data-testid="flagged-table">
              <ColumnHeads columns={['authenticity.column.serial', 'authenticity.column.product', 'authenticity.column.reason', 'authenticity.column.countries', 'authenticity.column.flaggedAt']} actions />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <Cell label="authenticity.column.serial">
                      <Open onClick={() => open({ productId: row.productId, productName: row.productName, serial: row.serial })}>{row.serial}</Open>
                    </Cell>
                    <Cell label="authenticity.column.product">{row.productName}</Cell>
                    <Cell label="authenticity.column.reason">
                      <FormattedMessage id={row.reason === 'volume' ? 'authenticity.reason.volume' : 'authenticity.reason.countries'} />
                    </Cell>
                    <Cell label="authenticity.column.countries">{row.countries.map((code) => countryName(intl, code)).join(', ')}</Cell>
                    <Cell label="authenticity.column.flaggedAt">{formatTime(intl, row.flaggedAt)}</Cell>
                    <td>
                      <Button $size="sm" $variant="outline" onClick={() => void toggle(row)}>
                        <FormattedMessage id={row.dismissed ? 'authenticity.flagged.restore' : 'authenticity.flagged.dismiss'} values={{ serial: row.serial }} />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} busy={list.isValidating} />
    </>
  );
}

function DiversionsTab({ open }: { open: (target: StoryTarget) => void }) {
  const intl = useIntl();
  const [productId, setProductId] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useDiversions({ page, productId, dismissed });

  async function dismiss(row: DeskDiversion) {
    try {
      await dismissDiversion(row.id);
      showSnackbar(intl.formatMessage({ id: 'authenticity.flagged.dismissedDone' }), 'success');
      await list.mutate();
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await allDiversions({ productId, dismissed });
      downloadCsv(
        'diversion-signals.csv',
        toCsv(
          ['id', 'productId', 'productName', 'serial', 'country', 'scans', 'firstAt', 'lastAt', 'dismissed'],
          rows.map((row) => [row.id, row.productId, row.productName, row.serial, row.country, row.scans, row.firstAt, row.lastAt, String(row.dismissed)]),
        ),
      );
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <ListToolbar>
        <ProductFilter value={productId} onChange={(value) => (setProductId(value), setPage(1))} />
        <ShownFilter dismissed={dismissed} onChange={(value) => (setDismissed(value), setPage(1))} />
        <Button $variant="outline" onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting} data-testid="diversions-export">
          <DownloadIcon size={16} />
          <FormattedMessage id="authenticity.export" />
        </Button>
      </ListToolbar>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="diversions"
        skeleton={{ rows: 5, height: '44px' }}
        emptyIcon={<AlertIcon size={28} />}
        empty={<Empty id={dismissed ? 'authenticity.diversions.emptyDismissed' : 'authenticity.diversions.empty'} />}
      >
        {(rows) => (
          <TableScroll>
            <Table data-testid="diversions-table">
              <ColumnHeads columns={['authenticity.column.serial', 'authenticity.column.product', 'authenticity.column.country', 'authenticity.column.scans', 'authenticity.column.lastAt']} actions={!dismissed} />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <Cell label="authenticity.column.serial">
                      {row.serial ? (
                        <Open onClick={() => open({ productId: row.productId, productName: row.productName, serial: row.serial })}>{row.serial}</Open>
                      ) : (
                        <FormattedMessage id="authenticity.diversions.noSerial" />
                      )}
                    </Cell>
                    <Cell label="authenticity.column.product">{row.productName}</Cell>
                    <Cell label="authenticity.column.country">{countryName(intl, row.country)}</Cell>
                    <Cell label="authenticity.column.scans">{row.scans}</Cell>
                    <Cell label="authenticity.column.lastAt">{formatTime(intl, row.lastAt)}</Cell>
                    {dismissed ? null : (
                      <td>
                        <Button $size="sm" $variant="outline" onClick={() => void dismiss(row)}>
                          <FormattedMessage id="authenticity.flagged.dismiss" values={{ serial: row.serial ?? row.country }} />
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} busy={list.isValidating} />
    </>
  );
}

function ReportsTab({ open }: { open: (target: StoryTarget) => void }) {
  const intl = useIntl();
  const [productId, setProductId] = useState<number | null>(null);
  const [status, setStatus] = useState<ReportStatus | null>('open');
  const [page, setPage] = useState(1);
  const list = useReports({ page, productId, status });
  const tone = (value: ReportStatus) => (value === 'open' ? 'warning' : value === 'confirmed' ? 'danger' : 'neutral');

  return (
    <>
      <ListToolbar>
        <ProductFilter value={productId} onChange={(value) => (setProductId(value), setPage(1))} />
        <Filter>
          <Label htmlFor="desk-status">
            <FormattedMessage id="authenticity.column.status" />
          </Label>
          <Select id="desk-status" value={status ?? ''} onChange={(event) => (setStatus((event.target.value || null) as ReportStatus | null), setPage(1))}>
            <option value="">{intl.formatMessage({ id: 'authenticity.filter.allStatuses' })}</option>
            {REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `authenticity.status.${value}` })}
              </option>
            ))}
          </Select>
        </Filter>
        <ExportLink href={reportsExportHref({ productId, status })} download data-testid="reports-export">
          <DownloadIcon size={16} />
          <FormattedMessage id="authenticity.export" />
        </ExportLink>
      </ListToolbar>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="reports"
        skeleton={{ rows: 5, height: '44px' }}
        emptyIcon={<AlertIcon size={28} />}
        empty={<Empty id="authenticity.reports.empty" />}
      >
        {(rows) => (
          <TableScroll>
            <Table data-testid="reports-table">
              <ColumnHeads columns={['authenticity.column.report', 'authenticity.column.product', 'authenticity.column.serial', 'authenticity.column.place', 'authenticity.column.received', 'authenticity.column.status']} />
              <tbody>
                {rows.map((row: CounterfeitReport) => (
                  <tr key={row.id}>
                    <Cell label="authenticity.column.report">
                      <Open onClick={() => open({ productId: row.productId, productName: row.productName, serial: row.serial, report: row })}>
                        <FormattedMessage id="authenticity.report.open" values={{ id: row.id }} />
                      </Open>
                    </Cell>
                    <Cell label="authenticity.column.product">{row.productName}</Cell>
                    <Cell label="authenticity.column.serial">{row.serial ?? '–'}</Cell>
                    <Cell label="authenticity.column.place">{row.purchasePlace}</Cell>
                    <Cell label="authenticity.column.received">{formatTime(intl, row.createdAt)}</Cell>
                    <Cell label="authenticity.column.status">
                      <Badge $tone={tone(row.status)}>
                        <FormattedMessage id={`authenticity.status.${row.status}`} />
                      </Badge>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} busy={list.isValidating} />
    </>
  );
}

const PANELS: Record<DeskTab, (props: { open: (target: StoryTarget) => void }) => ReactNode> = {
  flagged: FlaggedTab,
  diversions: DiversionsTab,
  reports: ReportsTab,
};

export function AuthenticityRoute() {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const [tab, setTab] = useState<DeskTab>('flagged');
  const [target, setTarget] = useState<StoryTarget | null>(null);
  const tabRefs = useRef<Record<DeskTab, HTMLButtonElement | null>>({ flagged: null, diversions: null, reports: null });
  const Panel = PANELS[tab];

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  function changed() {
    // A decision changes the reports list, and a blacklisting the serial's story.
    void mutate((key) => typeof key === 'string' && key.startsWith('/bff/api/authenticity/reports?'));
    if (target?.serial) void mutate(storyKey(target.productId, target.serial));
  }

  return (
    <PageStack>
      <PageHeader title={<FormattedMessage id="nav.authenticity" />} description={<FormattedMessage id="authenticity.description" />} />
      <ListCard>
        <TabList role="tablist" aria-label={intl.formatMessage({ id: 'nav.authenticity' })}>
          {TABS.map((name) => (
            <Tab
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              role="tab"
              id={`desk-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="desk-panel"
              tabIndex={tab === name ? 0 : -1}
              $active={tab === name}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
            >
              <FormattedMessage id={`authenticity.tab.${name}`} />
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" id="desk-panel" aria-labelledby={`desk-tab-${tab}`}>
          <Panel open={setTarget} />
        </div>
      </ListCard>
      <StoryPanel target={target} onClose={() => setTarget(null)} onChanged={changed} />
    </PageStack>
  );
}
