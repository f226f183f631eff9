import useSWRInfinite from 'swr/infinite';
import { useSWRConfig } from 'swr';
import { NOTIFICATION_PAGE_SIZE, type Notification, type PageInfo } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';
import { UNREAD_COUNT_KEY } from '@/features/notifications/api/get-unread-count';

export type NotificationTab = 'all' | 'unread';

interface NotificationPage {
  result: Notification[];
  pageInfo: PageInfo;
}

const LIST_PATH = '/bff/api/service/notifications';

export function notificationsKey(tab: NotificationTab, page: number): string {
  return `${LIST_PATH}?page=${page}&pageSize=${NOTIFICATION_PAGE_SIZE}${tab === 'unread' ? '&unreadOnly=true' : ''}`;
}

/** Notifications loaded 10 at a time, newest first (spec point 9); `loadMore` fetches the next page. */
export function useNotifications(tab: NotificationTab) {
  const pages = useSWRInfinite<NotificationPage>(
    (index, previous: NotificationPage | null) => {
      if (previous && index * NOTIFICATION_PAGE_SIZE >= previous.pageInfo.total) return null;
      return notificationsKey(tab, index + 1);
    },
    apiFetcher,
    { revalidateFirstPage: false, revalidateOnMount: true },
  );
  const items = pages.data?.flatMap((page) => page.result) ?? [];
  const total = pages.data?.[0]?.pageInfo.total ?? 0;
  const loadingMore = pages.isLoading || (pages.size > 0 && pages.data !== undefined && pages.data[pages.size - 1] === undefined);
  return {
    items,
    total,
    error: pages.error as unknown,
    isLoading: pages.isLoading,
    loadingMore,
    hasMore: items.length < total,
    loadMore: () => void pages.setSize((size) => size + 1),
    reload: () => pages.mutate(),
  };
}

/** Marking read changes the bell and the list: both are refreshed. */
export function useMarkRead(reloadList: () => Promise<unknown>) {
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([reloadList(), mutate(UNREAD_COUNT_KEY)]);
  return {
    markOne: async (notificationId: number) => {
      await api.patch<{ result: true }>(`${LIST_PATH}/${notificationId}/read`);
      await refresh();
    },
    markAll: async () => {
      await api.patch<{ result: true }>(`${LIST_PATH}/read-all`);
      await refresh();
    },
  };
}
