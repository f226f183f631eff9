import useSWR from 'swr';
import type { NfcMasterKey } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const NFC_MASTER_KEYS_KEY = '/bff/api/service/nfc/master-keys';

/** The company's NFC master keys, never their values (`GET /api/service/nfc/master-keys`, managers). */
export function useNfcMasterKeys() {
  return useSWR<{ result: NfcMasterKey[] }>(NFC_MASTER_KEYS_KEY, apiFetcher);
}
