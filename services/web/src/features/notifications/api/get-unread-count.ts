import useSWR from 'swr';
import { apiFetcher } from '@/lib/api-client';

export const UNREAD_COUNT_KEY = '/bff/api/service/notifications/unread';

/** How many notifications are unread, for the bell in the top bar. */
export function useUnreadCount() {
  const { data } = useSWR<{ result: { count: number } }>(UNREAD_COUNT_KEY, apiFetcher);
  return data?.result.count ?? 0;
}
