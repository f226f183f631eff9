import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { BellIcon } from '@/components/icons';
import { IconLink } from '@/components/ui/button';

const Count = styled.span`
  position: absolute;
  top: 4px;
  right: 2px;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 10px;
  font-weight: 700;
  line-height: 14px;
  text-align: center;
`;

/** The bell links to the notifications page and shows how many are unread. */
export function NotificationBell({ serviceName, count }: { serviceName: string; count: number }) {
  const intl = useIntl();
  return (
    <IconLink
      to={`/${encodeURIComponent(serviceName)}/notifications`}
      aria-label={intl.formatMessage({ id: 'topbar.notifications' }, { count })}
      data-testid="notification-bell"
    >
      <BellIcon />
      {count > 0 ? (
        <Count data-testid="notification-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </Count>
      ) : null}
    </IconLink>
  );
}
