import type { Trace, PageInfo, TraceEvent } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** `PUT /api/trace/start?productId`: begins tracing a DPP product (a second start changes nothing). */
export async function startTracing(productId: number): Promise<{ result: Trace; pageInfo: PageInfo }> {
  return api.put<{ result: Trace; pageInfo: PageInfo }>(`/bff/api/trace/start?productId=${productId}`);
}

/** `POST /api/trace/events?productId`: one EPCIS 2.0 event from the add-event form; answers the stored event. */
export async function addTraceEvent(productId: number, event: Record<string, unknown>): Promise<TraceEvent> {
  return (await api.post<{ result: TraceEvent }>(`/bff/api/trace/events?productId=${productId}`, event)).result;
}
