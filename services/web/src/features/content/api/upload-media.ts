import type { z } from 'zod';
import type { contentMediaResponseSchema } from '@product-console/shared';
import { api } from '@/lib/api-client';

export type ContentMedia = z.infer<typeof contentMediaResponseSchema>['result'];

/** `POST /api/product/content/media?productId` multipart `file`: an image or MP4 for a block or the logo. */
export async function uploadContentMedia(productId: number, file: File, onProgress: (fraction: number) => void): Promise<ContentMedia> {
  const body = new FormData();
  body.append('file', file);
  const answer = await api.upload<{ result: ContentMedia }>(`/bff/api/product/content/media?productId=${productId}`, body, { onProgress });
  return answer.result;
}
