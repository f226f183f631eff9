import type { CompanyPlace, PlaceCreateInput, PlaceImportResult } from '@product-console/shared';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import { PLACES_KEY_PREFIX } from '@/features/trace/api/get-places';

/** `POST /api/trace/places`. */
export async function createPlace(body: PlaceCreateInput): Promise<CompanyPlace> {
  return (await api.post<{ result: CompanyPlace }>(PLACES_KEY_PREFIX, body)).result;
}

/** `PUT /api/trace/places?placeId`: every field of the place. */
export async function updatePlace(placeId: number, body: PlaceCreateInput): Promise<CompanyPlace> {
  return (await api.put<{ result: CompanyPlace }>(`${PLACES_KEY_PREFIX}?placeId=${placeId}`, body)).result;
}

/** `DELETE /api/trace/places?placeId`. */
export async function deletePlace(placeId: number): Promise<void> {
  await api.delete<{ result: true }>(`${PLACES_KEY_PREFIX}?placeId=${placeId}`);
}

/** `POST /api/trace/places/import` multipart, with upload progress. */
export function importPlaces(file: File, onProgress?: (fraction: number) => void): Promise<PlaceImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadForm<PlaceImportResult>(`${PLACES_KEY_PREFIX}/import`, { method: 'POST', body, onProgress });
}
