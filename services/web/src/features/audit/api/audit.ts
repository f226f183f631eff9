import useSWR from 'swr';
import { auditPageResponseSchema, auditPeopleResponseSchema, type AuditAction, type AuditPage, type AuditPeople } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/*
 * The audit log's calls (decision 088): a page of the log with its filters, the people and resources
 * it names (for the filters), and the same filters as a CSV download.
 */

export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  userId: number | null;
  resource: string | null;
  action: AuditAction | null;
  /** Days (`yyyy-mm-dd`) in the browser's time zone, both included. */
  fromDay: string | null;
  toDay: string | null;
}

export const NO_FILTERS: AuditFilters = { userId: null, resource: null, action: null, fromDay: null, toDay: null };

/** The start of a day, or the end of one, in the browser's time zone, as an ISO instant. */
function instantOf(day: string | null, end: boolean): string | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number);
  const at = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

function query(params: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== '') search.set(name, String(value));
  return search.toString();
}

const filterParams = (filters: AuditFilters) => ({
  userId: filters.userId,
  resource: filters.resource,
  action: filters.action,
  from: instantOf(filters.fromDay, false),
  to: instantOf(filters.toDay, true),
});

export const auditKey = (filters: AuditFilters, page: number) => `/bff/api/audit?${query({ ...filterParams(filters), page, size: AUDIT_PAGE_SIZE })}`;

export const auditExportHref = (filters: AuditFilters) => `/bff/api/audit/export?${query(filterParams(filters))}`;

export function useAuditLog(filters: AuditFilters, page: number) {
  return useSWR<AuditPage>(auditKey(filters, page), async (path: string) => auditPageResponseSchema.parse(await apiFetcher<unknown>(path)), { keepPreviousData: true });
}

export function useAuditChoices() {
  return useSWR<AuditPeople>('/bff/api/audit/choices', async (path: string) => auditPeopleResponseSchema.parse(await apiFetcher<unknown>(path)));
}
