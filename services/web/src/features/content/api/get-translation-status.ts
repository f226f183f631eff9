import useSWR from 'swr';
import type { z } from 'zod';
import type { translationStatusResponseSchema } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export type TranslationStatus = z.infer<typeof translationStatusResponseSchema>['result'];

/** Whether automatic translation can be switched on (`GET /api/service/translation`). */
export function useTranslationStatus() {
  return useSWR<{ result: TranslationStatus }>('/bff/api/service/translation', apiFetcher);
}
