import useSWR from 'swr';
import type { z } from 'zod';
import type {
  AccessLink,
  CertificateView,
  CreateAccessLinkBody,
  PassportVersion,
  PutCertificatesBody,
  PutPassportBody,
  certInfoResponseSchema,
  createdAccessLinkSchema,
  passportResponseSchema,
} from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export type PassportState = z.infer<typeof passportResponseSchema>['result'];
export type CertInfo = z.infer<typeof certInfoResponseSchema>;
export type CreatedAccessLink = z.infer<typeof createdAccessLinkSchema>;

const BASE = '/bff/api/product';
const SWR_OPTIONS = { revalidateOnFocus: false, revalidateIfStale: false };

export const passportKey = (productId: number) => `${BASE}/passport?productId=${productId}`;
export const certInfoKey = (productId: number) => `${BASE}/cert-info?productId=${productId}`;
export const accessLinksKey = (productId: number) => `${BASE}/passport/access-links?productId=${productId}`;
/** Where a published version is read in full (`GET /api/product/passport/version`). */
export const passportVersionPath = (productId: number, version: number) => `${BASE}/passport/version?productId=${productId}&version=${version}`;

/** A published version's signed credential (`GET /api/product/passport/credential`, VC-JOSE compact JWS). */
export const passportCredentialPath = (productId: number, version: number) => `${BASE}/passport/credential?productId=${productId}&version=${version}`;

/** The product's passport: template, draft and published versions (`GET /api/product/passport`). */
export function usePassport(productId: number) {
  return useSWR<{ result: PassportState }>(passportKey(productId), apiFetcher, SWR_OPTIONS);
}

/** `PUT /api/product/passport`: saves the draft; answers the passport as stored. */
export async function savePassportDraft(body: PutPassportBody): Promise<PassportState> {
  return (await api.put<{ result: PassportState }>(`${BASE}/passport`, body)).result;
}

/** `POST /api/product/passport/publish`: the draft becomes the next immutable version. */
export async function publishPassport(productId: number): Promise<PassportVersion> {
  return (await api.post<{ result: PassportVersion }>(`${BASE}/passport/publish`, { productId })).result;
}

/** `POST /api/product/passport/document?productId`: a PDF, JPEG or PNG for a compliance document. */
export async function uploadPassportDocument(productId: number, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const answer = await api.upload<{ result: { path: string } }>(`${BASE}/passport/document?productId=${productId}`, body, { onProgress });
  return answer.result.path;
}

/** The certification catalogue and the product's certificates (`GET /api/product/cert-info`). */
export function useCertInfo(productId: number) {
  return useSWR<CertInfo>(certInfoKey(productId), apiFetcher, SWR_OPTIONS);
}

/** `PUT /api/product/cert-info`: replaces the product's certificates. */
export async function saveCertificates(body: PutCertificatesBody): Promise<CertificateView[]> {
  return (await api.put<{ result: CertificateView[] }>(`${BASE}/cert-info`, body)).result;
}

/** The passport's access links, without tokens. */
export function useAccessLinks(productId: number) {
  return useSWR<{ result: AccessLink[] }>(accessLinksKey(productId), apiFetcher, SWR_OPTIONS);
}

/** Issues an access link; its token is answered this once. */
export async function createAccessLink(body: CreateAccessLinkBody): Promise<CreatedAccessLink> {
  return (await api.post<{ result: CreatedAccessLink }>(`${BASE}/passport/access-links`, body)).result;
}

export async function revokeAccessLink(productId: number, accessLinkId: number): Promise<AccessLink> {
  return (await api.delete<{ result: AccessLink }>(`${BASE}/passport/access-links?productId=${productId}&accessLinkId=${accessLinkId}`)).result;
}
