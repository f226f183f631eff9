import { uploadForm } from '@/lib/upload';

/** Told apart by name, as the serial import does. */
export const NFC_TAG_FILE_TYPES = ['.xlsx', '.csv'];

/** Binds tags from the supplier's file (`POST /api/product/nfc/tags/import`, multipart), with upload progress. */
export async function importNfcTags(productId: number, file: File, onProgress?: (fraction: number) => void): Promise<{ imported: number }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await uploadForm<{ imported?: number }>(`/bff/api/product/nfc/tags/import?productId=${productId}`, { method: 'POST', body, onProgress });
  return { imported: typeof answer?.imported === 'number' ? answer.imported : 0 };
}
