import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '@product-console/shared';
import { ChevronDownIcon, LogoutIcon, SettingsIcon, UserIcon } from '@/components/icons';
import { MenuContent, MenuItem, MenuPortal, MenuRoot, MenuSeparator, MenuTrigger } from '@/components/ui/menu';
import { down } from '@/theme/media';
import type { MessageId } from '@/lib/i18n';

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  height: 44px;
  padding: 0 8px 0 4px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  cursor: pointer;
  &:hover, &[data-state='open'] { background: ${({ theme }) => theme.colors.surfaceHover}; }
`;

const Avatar = styled.span<{ $large?: boolean }>`
  display: grid;
  place-items: center;
  width: ${({ $large }) => ($large ? 44 : 36)}px;
  height: ${({ $large }) => ($large ? 44 : 36)}px;
  flex: none;
  border-radius: 50%;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.secondary});
  color: #fff;
  font-size: ${({ $large }) => ($large ? 16 : 14)}px;
  font-weight: 700;
`;

const Who = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  line-height: 1.2;
  text-align: start;
  ${down('md')} { display: none; }
`;

const Name = styled.span`
  font-size: 14px;
  font-weight: 600;
  max-width: 160px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** The name on its own line above the e-mail in the open menu. */
const HeaderName = styled(Name)`
  display: block;
`;

const Role = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 10px 12px;
`;

const Email = styled.span`
  display: block;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const ROLE_MESSAGE_IDS: Record<number, MessageId> = { 1: 'role.superAdmin', 2: 'role.manager', 3: 'role.subAdmin' };

function displayName(user: User) {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username || user.email;
}

function initials(name: string) {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** Profile menu of spec point 2: View Profile, Logout and a disabled Setting tab. */
export function ProfileMenu({ user, serviceName, onSignOut }: { user: User; serviceName: string; onSignOut: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const name = displayName(user);
  const role = intl.formatMessage({ id: ROLE_MESSAGE_IDS[user.roleId] ?? 'role.subAdmin' });
  return (
    <MenuRoot modal={false}>
      <MenuTrigger asChild>
        <Trigger type="button" aria-label={intl.formatMessage({ id: 'profile.menu' }, { name })} data-testid="profile-menu">
          <Avatar aria-hidden="true">{initials(name)}</Avatar>
          <Who aria-hidden="true">
            <Name>{name}</Name>
            <Role>{role}</Role>
          </Who>
          <ChevronDownIcon size={16} aria-hidden="true" />
        </Trigger>
      </MenuTrigger>
      <MenuPortal>
        <MenuContent align="end" sideOffset={8}>
          <Header>
            <Avatar $large aria-hidden="true">
              {initials(name)}
            </Avatar>
            <div>
              <HeaderName>{name}</HeaderName>
              <Email>{user.email}</Email>
              <Role>{role}</Role>
            </div>
          </Header>
          <MenuSeparator />
          <MenuItem onSelect={() => navigate(`/${encodeURIComponent(serviceName)}/profiles/basic`)} data-testid="profile-view">
            <UserIcon size={18} />
            <FormattedMessage id="profile.view" />
          </MenuItem>
          <MenuItem disabled data-testid="profile-setting-tab">
            <SettingsIcon size={18} />
            <FormattedMessage id="profile.setting" />
          </MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={onSignOut} data-testid="profile-logout">
            <LogoutIcon size={18} />
            <FormattedMessage id="common.logout" />
          </MenuItem>
        </MenuContent>
      </MenuPortal>
    </MenuRoot>
  );
}
