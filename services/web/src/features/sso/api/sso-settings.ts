import useSWR from 'swr';
import type { SsoSettingsBody, SsoSettingsResponse } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const SSO_SETTINGS_KEY = '/bff/api/auth/me/sso';

/** The company's single sign-on (`GET /api/auth/me/sso`, admins): never the client secret. */
export function useSsoSettings() {
  return useSWR<SsoSettingsResponse>(SSO_SETTINGS_KEY, apiFetcher);
}

export function saveSsoSettings(body: SsoSettingsBody): Promise<SsoSettingsResponse> {
  return api.put<SsoSettingsResponse>(SSO_SETTINGS_KEY, body);
}

export function deleteSsoSettings(): Promise<{ result: true }> {
  return api.delete<{ result: true }>(SSO_SETTINGS_KEY);
}
