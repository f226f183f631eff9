import useSWR from 'swr';
import { sparklinesResponseSchema } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export function sparklinesKey(productIds: readonly number[]): string | null {
  return productIds.length > 0 ? `/bff/api/analytics/sparklines?${new URLSearchParams({ productIds: productIds.join(',') })}` : null;
}

async function fetchSparklines(path: string): Promise<Map<number, number[]>> {
  const { result } = sparklinesResponseSchema.parse(await apiFetcher<unknown>(path));
  return new Map(result.map((line) => [line.productId, line.days]));
}

/** Each visible product's scans per day over the last 30 days, in one call (`GET /api/analytics/sparklines`). */
export function useSparklines(productIds: readonly number[]) {
  return useSWR<Map<number, number[]>>(sparklinesKey(productIds), fetchSparklines);
}
