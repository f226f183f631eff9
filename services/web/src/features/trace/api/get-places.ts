import useSWR from 'swr';
import type { CompanyPlace, PageInfo } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const PLACES_KEY_PREFIX = '/bff/api/trace/places';

export interface PlacesParams {
  page: number;
  size: number;
  search?: string;
}

export function placesKey({ page, size, search }: PlacesParams): string {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  if (search) query.set('search', search);
  return `${PLACES_KEY_PREFIX}?${query}`;
}

export type PlacesAnswer = { result: CompanyPlace[]; pageInfo: PageInfo };

/** A page of the company's places by name (`GET /api/trace/places?page&size&search`). */
export function usePlaces(params: PlacesParams | null) {
  return useSWR<PlacesAnswer>(params ? placesKey(params) : null, apiFetcher, { keepPreviousData: true });
}
