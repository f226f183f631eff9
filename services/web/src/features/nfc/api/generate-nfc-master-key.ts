import type { NfcNewMasterKey } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** Generates a new NFC master key, the first or a rotation (`POST /api/service/nfc/master-keys`): its value is in this answer only. */
export async function generateNfcMasterKey(): Promise<NfcNewMasterKey> {
  return (await api.post<{ result: NfcNewMasterKey }>('/bff/api/service/nfc/master-keys')).result;
}
