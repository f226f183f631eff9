import useSWR from 'swr';
import {
  deskDiversionPageSchema,
  flaggedPageSchema,
  reportsPageSchema,
  serialStoryResponseSchema,
  type CounterfeitReport,
  type DeskDiversion,
  type FlaggedSerial,
  type PageInfo,
  type ReportDecision,
  type ReportStatus,
  type SerialStory,
} from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

/*
 * The Authenticity desk's calls (decision 071): flagged serials and shoppers' reports (this
 * feature's API), diversion signals (the intended-markets API: `GET /api/authenticity/diversions`,
 * `PUT /api/authenticity/diversions/dismiss?id`), and the story of one serial.
 */

export const DESK_PAGE_SIZE = 20;

export interface DeskPage<T> {
  result: T[];
  pageInfo: PageInfo;
}

export interface DeskFilter {
  page: number;
  productId: number | null;
}

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  return search.toString();
}

export const flaggedKey = ({ page, productId, dismissed }: DeskFilter & { dismissed: boolean }) =>
  `/bff/api/authenticity/flagged?${query({ page, size: DESK_PAGE_SIZE, productId, dismissed: String(dismissed) })}`;
export const flaggedExportHref = ({ productId, dismissed }: { productId: number | null; dismissed: boolean }) =>
  `/bff/api/authenticity/flagged/export?${query({ productId, dismissed: String(dismissed) })}`;

export const diversionsKey = ({ page, productId, dismissed }: DeskFilter & { dismissed: boolean }) =>
  `/bff/api/authenticity/diversions?${query({ page, size: DESK_PAGE_SIZE, productId, dismissed: String(dismissed) })}`;

export const reportsKey = ({ page, productId, status }: DeskFilter & { status: ReportStatus | null }) =>
  `/bff/api/authenticity/reports?${query({ page, size: DESK_PAGE_SIZE, productId, status })}`;
export const reportsExportHref = ({ productId, status }: { productId: number | null; status: ReportStatus | null }) =>
  `/bff/api/authenticity/reports/export?${query({ productId, status })}`;

export const storyKey = (productId: number, serial: string) => `/bff/api/authenticity/serial-story?${query({ productId, serial })}`;

export const reportPhotoUrl = (id: number) => `/bff/api/authenticity/reports/photo?id=${id}`;

export function useFlagged(filter: DeskFilter & { dismissed: boolean }) {
  return useSWR<DeskPage<FlaggedSerial>>(flaggedKey(filter), async (path: string) => flaggedPageSchema.parse(await apiFetcher<unknown>(path)), { keepPreviousData: true });
}

export function useDiversions(filter: DeskFilter & { dismissed: boolean }) {
  return useSWR<DeskPage<DeskDiversion>>(diversionsKey(filter), async (path: string) => deskDiversionPageSchema.parse(await apiFetcher<unknown>(path)), {
    keepPreviousData: true,
  });
}

export function useReports(filter: DeskFilter & { status: ReportStatus | null }) {
  return useSWR<DeskPage<CounterfeitReport>>(reportsKey(filter), async (path: string) => reportsPageSchema.parse(await apiFetcher<unknown>(path)), { keepPreviousData: true });
}

export function useSerialStory(target: { productId: number; serial: string } | null) {
  return useSWR<SerialStory>(target ? storyKey(target.productId, target.serial) : null, async (path: string) =>
    serialStoryResponseSchema.parse(await apiFetcher<unknown>(path)).result,
  );
}

export const dismissFlag = (id: number, dismissed: boolean) => api.put<unknown>(`/bff/api/authenticity/flagged/dismiss?id=${id}`, { dismissed });
export const dismissDiversion = (id: number) => api.put<unknown>(`/bff/api/authenticity/diversions/dismiss?id=${id}`, { dismissed: true });
export const decideReport = (id: number, decision: ReportDecision) =>
  api.put<{ result: CounterfeitReport }>(`/bff/api/authenticity/reports/decide?id=${id}`, decision);
export const answerReport = (id: number, message: string) => api.post<unknown>(`/bff/api/authenticity/reports/answer?id=${id}`, { message });

/** Diversion signals have no CSV of their own: the console writes one from their pages (at most this many). */
export const DIVERSION_EXPORT_PAGES = 50;

export async function allDiversions(filter: { productId: number | null; dismissed: boolean }): Promise<DeskDiversion[]> {
  const rows: DeskDiversion[] = [];
  for (let page = 1; page <= DIVERSION_EXPORT_PAGES; page += 1) {
    const path = `/bff/api/authenticity/diversions?${query({ page, size: 100, productId: filter.productId, dismissed: String(filter.dismissed) })}`;
    const answer = deskDiversionPageSchema.parse(await apiFetcher<unknown>(path));
    rows.push(...answer.result);
    if (page * answer.pageInfo.size >= answer.pageInfo.total || answer.result.length === 0) break;
  }
  return rows;
}
