import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import useSWR, { useSWRConfig } from 'swr';
import type { CodeExportInput, CodeJob, PageInfo, SerialGenerationInput } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';

export const CODE_JOBS_KEY_PREFIX = '/bff/api/product/codes/jobs';

export const codeJobsKey = (productId: number, page: number, size: number) =>
  `${CODE_JOBS_KEY_PREFIX}?${new URLSearchParams({ productId: String(productId), page: String(page), size: String(size) })}`;

const isRunning = (job: CodeJob) => job.status === 'queued' || job.status === 'running';

/** How often the list is read again while a job of it runs, in ms. */
export const CODE_JOBS_POLL_MS = 1_000;

/**
 * A page of the product's code jobs (`GET /api/product/codes/jobs`), read every second while one of
 * them runs. Each poll asks the API again: within the app's deduplication window (minutes) a poll
 * would be answered with the first answer, and a job seen running would stay running on screen.
 */
export function useCodeJobs(productId: number, page: number, size: number) {
  return useSWR<{ result: CodeJob[]; pageInfo: PageInfo }>(codeJobsKey(productId, page, size), apiFetcher, {
    dedupingInterval: 0,
    refreshInterval: (latest) => (latest?.result.some(isRunning) ? CODE_JOBS_POLL_MS : 0),
  });
}

/** `POST /api/product/codes/serials`: queues a generation; answers the job. */
export async function generateSerials(body: SerialGenerationInput, idempotencyKey?: string): Promise<CodeJob> {
  return (await api.post<{ result: CodeJob }>('/bff/api/product/codes/serials', body, { idempotencyKey })).result;
}

/** `POST /api/product/codes/exports`: queues an export for print; answers the job. */
export async function exportCodes(body: CodeExportInput, idempotencyKey?: string): Promise<CodeJob> {
  return (await api.post<{ result: CodeJob }>('/bff/api/product/codes/exports', body, { idempotencyKey })).result;
}

/** A finished export's file; the session cookie carries the download, so a plain link will do. */
export const codeJobFileUrl = (jobId: string) => `${CODE_JOBS_KEY_PREFIX}/${jobId}/file`;

/** What a screen does once it queued a code job: says so, and has the code jobs' lists read it. */
export function useCodeJobQueued(): () => void {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    showSnackbar(intl.formatMessage({ id: 'bulkCodes.queued' }), 'success');
    void mutate((key) => typeof key === 'string' && key.startsWith(CODE_JOBS_KEY_PREFIX));
  }, [intl, mutate]);
}
