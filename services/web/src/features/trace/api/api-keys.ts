import useSWR from 'swr';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const API_KEYS_KEY = '/bff/api/auth/api-keys';

/** The company's API keys, without the keys themselves (`GET /api/auth/api-keys`). */
export function useApiKeys() {
  return useSWR<{ result: ApiKey[] }>(API_KEYS_KEY, apiFetcher);
}

/** `POST /api/auth/api-keys {name, scopes, projectId, expiresAt}`: the only answer that carries the key. */
export async function createApiKey(body: ApiKeyCreate): Promise<ApiKeyCreated> {
  return (await api.post<{ result: ApiKeyCreated }>(API_KEYS_KEY, body)).result;
}

/** `DELETE /api/auth/api-keys/{apiKeyId}`: the key stops working at once. */
export async function revokeApiKey(apiKeyId: string): Promise<void> {
  await api.delete<unknown>(`${API_KEYS_KEY}/${encodeURIComponent(apiKeyId)}`);
}
