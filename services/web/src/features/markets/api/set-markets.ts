import { api } from '@/lib/api-client';

/** `PUT /api/product/markets`: the product's intended markets (ISO 3166-1 alpha-2); empty for anywhere. */
export const setIntendedMarkets = (productId: number, intendedMarkets: readonly string[]) =>
  api.put<{ result: { productId: number; intendedMarkets: string[] } }>('/bff/api/product/markets', { productId, intendedMarkets });
