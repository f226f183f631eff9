import useSWR from 'swr';
import type { Certification, ServiceCode } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** Certifications a product can carry. */
export function useCertifications() {
  return useSWR<{ result: Certification[] }>('/bff/api/product/certifications', apiFetcher);
}

/** The certifications of one product. */
export function useCertInfo(productId: number | undefined) {
  return useSWR<{ result: Certification[] }>(productId ? `/bff/api/product/cert-info?productId=${productId}` : null, apiFetcher);
}

/** The company prefixes a GTIN may start with. */
export function useAvailableGcps() {
  return useSWR<{ result: string[] }>('/bff/api/product/available-gcps', apiFetcher);
}

/** The product's service and the services the plan offers. */
export function useProductService(productId: number | undefined) {
  return useSWR<{ result: { productId: number; service: ServiceCode; services: ServiceCode[] } }>(
    productId ? `/bff/api/product/service?productId=${productId}` : null,
    apiFetcher,
  );
}
