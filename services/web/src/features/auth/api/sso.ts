import type { SsoStartBody } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** Starts single sign-on for a work e-mail: the gateway answers the company's provider page to go to. */
export async function startSso(body: SsoStartBody): Promise<string> {
  return (await api.post<{ redirectUrl: string }>('/bff/auth/sso/start', body)).redirectUrl;
}
