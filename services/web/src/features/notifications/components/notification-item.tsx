import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Notification } from '@product-console/shared';
import { BellIcon, CheckIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { useNotificationText } from '@/features/notifications/components/notification-text';

const Item = styled.li<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 40px minmax(0, 1fr) auto;
  gap: 14px;
  align-items: start;
  padding: 16px 18px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primarySoft : 'transparent')};
  &:last-child { border-bottom: none; }
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  font-size: 15px;
  font-weight: 600;
`;

const Message = styled.p`
  margin-top: 2px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Time = styled.time`
  display: block;
  margin-top: 6px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function NotificationItem({ notification, onMarkRead, busy }: { notification: Notification; onMarkRead: () => void; busy: boolean }) {
  const intl = useIntl();
  const { title, message } = useNotificationText(notification);
  return (
    <Item $unread={!notification.isRead} data-testid="notification-item" data-read={notification.isRead}>
      <Icon aria-hidden="true">
        <BellIcon size={18} />
      </Icon>
      <div>
        <Title>
          {!notification.isRead ? <VisuallyHidden>{intl.formatMessage({ id: 'notifications.unreadLabel' })} </VisuallyHidden> : null}
          {title}
        </Title>
        {message ? <Message>{message}</Message> : null}
        <Time dateTime={notification.createTime}>
          {intl.formatDate(notification.createTime, { dateStyle: 'medium', timeStyle: 'short' })}
        </Time>
      </div>
      {!notification.isRead ? (
        <Button $variant="ghost" $size="sm" onClick={onMarkRead} disabled={busy} aria-label={intl.formatMessage({ id: 'notifications.markReadOne' }, { title })}>
          <CheckIcon size={16} />
          <FormattedMessage id="notifications.markRead" />
        </Button>
      ) : null}
    </Item>
  );
}
