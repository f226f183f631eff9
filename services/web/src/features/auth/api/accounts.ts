import type { ServiceNameCheck, SignUpNewUser } from '@product-console/shared';
import { api } from '@/lib/api-client';
import { publicApiPath } from '@/lib/public-api';

/** Sign-up input as the form holds it (spec point 7's newUser, before defaults). */
export type SignUpInput = Omit<SignUpNewUser, 'role_id' | 'superAdminPassword' | 'category_id' | 'department'> & {
  category_id: number;
  department: string;
};

/** POST /api/auth/sign/up as multipart: `newUser` JSON and an optional `primaryLogo` file, with upload progress. */
export function signUp(newUser: SignUpInput, primaryLogo: File | null, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('newUser', JSON.stringify({ ...newUser, role_id: 2 }));
  if (primaryLogo) form.append('primaryLogo', primaryLogo);
  return api.upload<{ result: { serviceName: string; email: string; permission: boolean } }>(publicApiPath('/api/auth/sign/up'), form, { onProgress });
}

export function checkServiceName(serviceName: string, signal?: AbortSignal) {
  return api.get<ServiceNameCheck>(`${publicApiPath('/api/auth/service-name/check')}?serviceName=${encodeURIComponent(serviceName)}`, signal);
}

export function requestPasswordReset(email: string) {
  return api.post<{ result: true }>(publicApiPath('/api/auth/password/forgot'), { email });
}

export function checkResetLink(userId: string, token: string) {
  return api.get<{ result: { valid: boolean } }>(publicApiPath(`/api/auth/password/reset/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`));
}

export function resetPassword(userId: number, token: string, password: string) {
  return api.post<{ result: true }>(publicApiPath('/api/auth/password/reset'), { userId, token, password });
}

export function verifyResetCode(email: string, code: string) {
  return api.post<{ result: { userId: number; token: string } }>(publicApiPath('/api/auth/password/verify-code'), { email, code });
}

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export function getInvitation(userId: string, token: string) {
  return api.get<{ result: Invitation }>(`${publicApiPath(`/api/auth/invitation/${encodeURIComponent(userId)}`)}?token=${encodeURIComponent(token)}`);
}

export function acceptInvitation(userId: number, token: string, password: string) {
  return api.post<{ result: true }>(publicApiPath('/api/auth/invitation/accept'), { userId, token, password });
}
