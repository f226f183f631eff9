import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { AUDIT_ACTIONS, AUDIT_REDACTED, type AuditAction, type AuditEntry } from '@product-console/shared';
import { ClockIcon, DownloadIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/ui/card';
import { Input, Label, Select } from '@/components/ui/field';
import { PageStack } from '@/components/ui/page-stack';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import type { MessageId } from '@/lib/i18n';
import { auditExportHref, NO_FILTERS, useAuditChoices, useAuditLog, type AuditFilters } from '@/features/audit/api/audit';

/*
 * /{serviceName}/audit-log (decision 088): who changed what and when, through the console, the API
 * or a job. Managers see the company's log, sub-admins their own actions (the API scopes the list);
 * filtered by person, resource, action and days, paged, and exported as CSV with the same filters.
 */

const Filter = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 150px;
  flex: 1 1 150px;
  max-width: 220px;
`;

const ExportLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 0 14px;
  margin-inline-start: auto;
  align-self: flex-end;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const Clear = styled(Button)`
  align-self: flex-end;
`;

const Who = styled.span`
  display: flex;
  flex-direction: column;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Changes = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: 13px;
  overflow-wrap: anywhere;
  li + li { margin-top: 2px; }
  code { font-size: 12px; }
`;

const More = styled.details`
  margin-top: 4px;
  font-size: 13px;
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.primary}; }
  summary:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const ACTION_MESSAGES: Record<AuditAction, MessageId> = { create: 'audit.action.create', update: 'audit.action.update', delete: 'audit.action.delete' };
const ACTION_TONES: Record<AuditAction, BadgeTone> = { create: 'success', update: 'primary', delete: 'danger' };
/** Changed fields shown in a row before the rest fold away. */
const SHOWN_FIELDS = 3;

function valueText(intl: IntlShape, value: unknown): string {
  if (value === AUDIT_REDACTED) return intl.formatMessage({ id: 'audit.redacted' });
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 80)}…` : value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function changeLines(intl: IntlShape, entry: AuditEntry): ReactNode[] {
  return Object.entries(entry.changes).map(([field, value]) => {
    const change = entry.action === 'update' && value !== null && typeof value === 'object' && 'to' in value ? (value as { from: unknown; to: unknown }) : null;
    return (
      <li key={field}>
        <code>{field}</code>: {change ? `${valueText(intl, change.from)} → ${valueText(intl, change.to)}` : valueText(intl, value)}
      </li>
    );
  });
}

function ChangesCell({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const lines = changeLines(intl, entry);
  if (lines.length === 0) return <>–</>;
  return (
    <>
      <Changes>{lines.slice(0, SHOWN_FIELDS)}</Changes>
      {lines.length > SHOWN_FIELDS ? (
        <More>
          <summary>
            <FormattedMessage id="audit.moreFields" values={{ count: lines.length - SHOWN_FIELDS }} />
          </summary>
          <Changes>{lines.slice(SHOWN_FIELDS)}</Changes>
        </More>
      ) : null}
    </>
  );
}

function ActorCell({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  const kind: MessageId | null = actor.type === 'api-key' ? 'audit.actor.apiKey' : actor.type === 'system' ? 'audit.actor.system' : actor.type === 'public' ? 'audit.actor.public' : null;
  return (
    <Who>
      <span>{actor.label || '–'}</span>
      {kind ? (
        <small>
          <FormattedMessage id={kind} />
        </small>
      ) : null}
    </Who>
  );
}

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (next: AuditFilters) => void }) {
  const intl = useIntl();
  const choices = useAuditChoices();
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const filtered = Object.values(filters).some((value) => value !== null);
  return (
    <ListToolbar>
      <Filter>
        <Label htmlFor="audit-person">
          <FormattedMessage id="audit.filter.person" />
        </Label>
        <Select id="audit-person" value={filters.userId ?? ''} onChange={(event) => set({ userId: event.target.value ? Number(event.target.value) : null })}>
          <option value="">{intl.formatMessage({ id: 'audit.filter.everyone' })}</option>
          {(choices.data?.result ?? []).map((person) => (
            <option key={person.userId} value={person.userId}>
              {person.label}
            </option>
          ))}
        </Select>
      </Filter>
      <Filter>
        <Label htmlFor="audit-resource">
          <FormattedMessage id="audit.filter.resource" />
        </Label>
        <Select id="audit-resource" value={filters.resource ?? ''} onChange={(event) => set({ resource: event.target.value || null })}>
          <option value="">{intl.formatMessage({ id: 'audit.filter.allResources' })}</option>
          {(choices.data?.resources ?? []).map((resource) => (
            <option key={resource} value={resource}>
              {resourceName(intl, resource)}
            </option>
          ))}
        </Select>
      </Filter>
      <Filter>
        <Label htmlFor="audit-action">
          <FormattedMessage id="audit.filter.action" />
        </Label>
        <Select id="audit-action" value={filters.action ?? ''} onChange={(event) => set({ action: (event.target.value || null) as AuditAction | null })}>
          <option value="">{intl.formatMessage({ id: 'audit.filter.allActions' })}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {intl.formatMessage({ id: ACTION_MESSAGES[action] })}
            </option>
          ))}
        </Select>
      </Filter>
      <Filter>
        <Label htmlFor="audit-from">
          <FormattedMessage id="audit.filter.from" />
        </Label>
        <Input id="audit-from" type="date" value={filters.fromDay ?? ''} max={filters.toDay ?? undefined} onChange={(event) => set({ fromDay: event.target.value || null })} />
      </Filter>
      <Filter>
        <Label htmlFor="audit-to">
          <FormattedMessage id="audit.filter.to" />
        </Label>
        <Input id="audit-to" type="date" value={filters.toDay ?? ''} min={filters.fromDay ?? undefined} onChange={(event) => set({ toDay: event.target.value || null })} />
      </Filter>
      {filtered ? (
        <Clear $variant="ghost" $size="sm" onClick={() => onChange(NO_FILTERS)} data-testid="audit-clear">
          <FormattedMessage id="audit.filter.clear" />
        </Clear>
      ) : null}
      <ExportLink href={auditExportHref(filters)} download data-testid="audit-export">
        <DownloadIcon size={16} />
        <FormattedMessage id="audit.export" />
      </ExportLink>
    </ListToolbar>
  );
}

/** /{serviceName}/audit-log: the company's audit log (a sub-admin's own actions). */

/** A resource (the table the change was made in) by its name in the UI language; an unknown one by the table's. */
function resourceName(intl: IntlShape, resource: string): string {
  const id = `audit.resource.${resource}` as MessageId;
  return id in intl.messages ? intl.formatMessage({ id }) : resource;
}
export function AuditLogRoute() {
  const intl = useIntl();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useAuditLog(filters, page);
  const filtered = Object.values(filters).some((value) => value !== null);

  return (
    <PageStack>
      <PageHeader title={<FormattedMessage id="nav.auditLog" />} description={<FormattedMessage id="audit.description" />} />
      <ListCard>
        <Filters filters={filters} onChange={(next) => (setFilters(next), setPage(1))} />
        <ListBody
          items={list.data?.result}
          error={list.error}
          onRetry={() => void list.mutate()}
          testId="audit"
          skeleton={{ rows: 6, height: '44px' }}
          emptyIcon={<ClockIcon size={28} />}
          empty={
            <p>
              <FormattedMessage id={filtered ? 'audit.emptyFiltered' : 'audit.empty'} />
            </p>
          }
        >
          {(rows) => (
            <TableScroll>
              <Table data-testid="audit-table">
                <ColumnHeads columns={['audit.column.at', 'audit.column.actor', 'audit.column.resource', 'audit.column.action', 'audit.column.changes']} />
                <tbody>
                  {rows.map((entry) => (
                    <tr key={entry.id} data-testid="audit-row">
                      <Cell label="audit.column.at">{intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' })}</Cell>
                      <Cell label="audit.column.actor">
                        <ActorCell entry={entry} />
                      </Cell>
                      <Cell label="audit.column.resource">
                        <span title={entry.resource}>{resourceName(intl, entry.resource)}</span> {entry.resourceId ? <code>#{entry.resourceId}</code> : null}
                      </Cell>
                      <Cell label="audit.column.action">
                        <Badge $tone={ACTION_TONES[entry.action]}>
                          <FormattedMessage id={ACTION_MESSAGES[entry.action]} />
                        </Badge>
                      </Cell>
                      <Cell label="audit.column.changes">
                        <ChangesCell entry={entry} />
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
        </ListBody>
        <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} busy={list.isValidating} label="audit.pages" />
      </ListCard>
    </PageStack>
  );
}
