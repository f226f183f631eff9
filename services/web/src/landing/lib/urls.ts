import type { LandingLink } from '@product-console/shared';
import { publicApiPath } from '@/lib/public-api';

/** The title in the viewer's language when the link has one, else its own title. */
export function previewLinkTitle(link: Pick<LandingLink, 'title' | 'modifiedTitle'>, language: string): string {
  const translated = link.modifiedTitle.find((item) => item.languageCode === language && item.inputData.trim() !== '');
  return translated?.inputData ?? link.title;
}

/** Stored paths (`/files/...`) are public product images, served through the public pass-through. */
export function publicFileUrl(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/bff/') || path.startsWith('data:')) return path;
  return publicApiPath(`/api${path.startsWith('/') ? path : `/${path}`}`);
}

/**
 * The report page of a product ("Report a suspected fake", decision 071) from its landing base path
 * (`/{serviceName}/product-details/{id}/preview`), with the serial the verification view showed.
 */
export function reportHref(basePath: string, serial: string | null): string {
  const path = `${basePath.replace(/\/+$/, '')}/report`;
  return serial ? `${path}?${new URLSearchParams({ serial })}` : path;
}
