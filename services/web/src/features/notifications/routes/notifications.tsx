import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { BellIcon, CheckIcon } from '@/components/icons';
import { StateBlock } from '@/components/list-body';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/ui/card';
import { PageStack } from '@/components/ui/page-stack';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { showSnackbar } from '@/lib/snackbar';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useMarkRead, useNotifications, type NotificationTab } from '@/features/notifications/api/get-notifications';
import { NotificationItem } from '@/features/notifications/components/notification-item';

const TabList = styled.div`
  display: flex;
  gap: 4px;
  padding: 12px 16px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  padding: 10px 14px;
  border: none;
  border-bottom: 2px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.textMuted)};
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const SkeletonItem = styled.li`
  padding: 18px;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: 16px;
`;

const TABS: NotificationTab[] = ['all', 'unread'];

function NotificationList({ tab }: { tab: NotificationTab }) {
  const intl = useIntl();
  const list = useNotifications(tab);
  const { markOne } = useMarkRead(list.reload);
  const [busyId, setBusyId] = useState<number | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore } = list;

  // Scrolling to the end of the list loads the next 10.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loadingMore) loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMore]);

  async function markRead(notificationId: number) {
    setBusyId(notificationId);
    try {
      await markOne(notificationId);
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    } finally {
      setBusyId(null);
    }
  }

  if (list.error && list.items.length === 0) {
    return (
      <LoadError testId="notifications-error" message={<FormattedMessage id="notifications.loadError" />} onRetry={() => void list.reload()} />
    );
  }
  if (list.isLoading) {
    return (
      <List aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <SkeletonItem key={index}>
            <Skeleton $width="50%" $height="16px" />
            <Skeleton $width="80%" $height="12px" $marginTop="8px" />
          </SkeletonItem>
        ))}
      </List>
    );
  }
  if (list.items.length === 0) {
    return (
      <StateBlock testId="notifications-empty" icon={<BellIcon size={32} />}>
        <p>
          <FormattedMessage id="notifications.empty" />
        </p>
      </StateBlock>
    );
  }
  return (
    <>
      <List data-testid="notifications-list" aria-label={intl.formatMessage({ id: 'nav.notifications' })}>
        {list.items.map((notification) => (
          <NotificationItem
            key={notification.notificationId}
            notification={notification}
            busy={busyId === notification.notificationId}
            onMarkRead={() => void markRead(notification.notificationId)}
          />
        ))}
      </List>
      {hasMore ? (
        <More ref={sentinel} data-testid="notifications-more">
          <Button $variant="outline" $size="sm" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? <Spinner size={16} /> : null}
            <FormattedMessage id="notifications.loadMore" />
          </Button>
        </More>
      ) : null}
    </>
  );
}

/** /{serviceName}/notifications: tabs All and Unread, 10 at a time on scroll, mark one or all read. */
export function NotificationsRoute() {
  const intl = useIntl();
  const [tab, setTab] = useState<NotificationTab>('all');
  const [generation, setGeneration] = useState(0);
  const [markingAll, setMarkingAll] = useState(false);
  const { markAll } = useMarkRead(async () => setGeneration((value) => value + 1));
  const tabRefs = useRef<Record<NotificationTab, HTMLButtonElement | null>>({ all: null, unread: null });

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  async function readAll() {
    setMarkingAll(true);
    try {
      await markAll();
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    } finally {
      setMarkingAll(false);
    }
  }

  return (
    <PageStack>
      <PageHeader
        title={<FormattedMessage id="nav.notifications" />}
        actions={
          <Button $variant="outline" onClick={() => void readAll()} disabled={markingAll} aria-busy={markingAll} data-testid="mark-all-read">
            {markingAll ? <Spinner size={16} /> : <CheckIcon size={16} />}
            <FormattedMessage id="notifications.markAllRead" />
          </Button>
        }
      />
      <ListCard>
        <TabList role="tablist" aria-label={intl.formatMessage({ id: 'nav.notifications' })}>
          {TABS.map((name) => (
            <Tab
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              role="tab"
              id={`notifications-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="notifications-panel"
              tabIndex={tab === name ? 0 : -1}
              $active={tab === name}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
              data-testid={`notifications-tab-${name}`}
            >
              <FormattedMessage id={name === 'all' ? 'notifications.tabAll' : 'notifications.tabUnread'} />
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" id="notifications-panel" aria-labelledby={`notifications-tab-${tab}`}>
          <NotificationList key={`${tab}-${generation}`} tab={tab} />
        </div>
      </ListCard>
    </PageStack>
  );
}
