import useSWR, { useSWRConfig } from 'swr';
import type { Company, CompanyInfoUpdate, Profile, ProfileUpdate } from '@product-console/shared';
import { api, apiFetcher, SESSION_PROBE_PATH } from '@/lib/api-client';
import { COMPANY_INFO_KEY } from '@/lib/company-info';

export const PROFILE_KEY = '/bff/api/auth/me/profile';
export { COMPANY_INFO_KEY };

export function useProfile() {
  return useSWR<{ result: Profile }>(PROFILE_KEY, apiFetcher);
}

/** How often a screen following the regrouping of the analytics reads the company again, in ms. */
export const REBUILD_POLL_MS = 2_000;

const rebuilding = (latest: { result: Company } | undefined) => Boolean(latest?.result.analyticsRebuild && latest.result.analyticsRebuild.status !== 'failed');

/**
 * The company profile. With `followRebuild`, read again every two seconds while its analytics are
 * being regrouped into a new time zone, each time from the API (the app's deduplication window
 * would answer every poll with the first answer).
 */
export function useCompanyInfo({ followRebuild = false }: { followRebuild?: boolean } = {}) {
  return useSWR<{ result: Company }>(
    COMPANY_INFO_KEY,
    apiFetcher,
    followRebuild ? { dedupingInterval: 0, refreshInterval: (latest) => (rebuilding(latest) ? REBUILD_POLL_MS : 0) } : undefined,
  );
}

function form(updateInfo: object, file: { field: string; value: File | null }) {
  const body = new FormData();
  body.append('updateInfo', JSON.stringify(updateInfo));
  if (file.value) body.append(file.field, file.value);
  return body;
}

/** Called with 0..1 while a form with its file is sent. */
type OnProgress = (fraction: number) => void;

/** PUT /api/auth/me/profile (multipart updateInfo + profileImage, with upload progress); the session's user changes too. */
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return async (update: ProfileUpdate, image: File | null, onProgress?: OnProgress) => {
    const answer = await api.upload<{ result: Profile }>(PROFILE_KEY, form(update, { field: 'profileImage', value: image }), { method: 'PUT', onProgress });
    await Promise.all([mutate(PROFILE_KEY, answer, { revalidate: false }), mutate(SESSION_PROBE_PATH)]);
    return answer.result;
  };
}

/** PUT /api/auth/me/company-info (multipart updateInfo + primaryLogo, with upload progress). */
export function useUpdateCompanyInfo() {
  const { mutate } = useSWRConfig();
  return async (update: CompanyInfoUpdate, logo: File | null, onProgress?: OnProgress) => {
    const answer = await api.upload<{ result: Company }>(COMPANY_INFO_KEY, form(update, { field: 'primaryLogo', value: logo }), { method: 'PUT', onProgress });
    await mutate(COMPANY_INFO_KEY, answer, { revalidate: false });
    return answer.result;
  };
}

export function changePassword(oldPassword: string, password: string) {
  return api.put<{ result: true }>('/bff/api/auth/me/password', { oldPassword, password });
}
