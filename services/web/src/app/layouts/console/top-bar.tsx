import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { ROLE, type User } from '@product-console/shared';
import { BrandLogo } from '@/components/brand-logo';
import { MenuIcon, SwitchIcon } from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import { ThemeControl } from '@/components/theme-control';
import { Button, IconButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { down } from '@/theme/media';
import { NotificationBell } from '@/app/layouts/console/notification-bell';
import { ProfileMenu } from '@/app/layouts/console/profile-menu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: 8px;
  height: ${({ theme }) => theme.layout.headerHeight}px;
  padding: 0 20px 0 12px;
  background: color-mix(in srgb, ${({ theme }) => theme.colors.surface} 88%, transparent);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${down('sm')} {
    padding: 0 8px;
    gap: 4px;
    select { min-width: 0; width: 136px; }
  }
`;

const Brand = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  padding: 0 8px;
  border-radius: 10px;
  text-decoration: none;
`;

const Spacer = styled.div`
  flex: 1;
`;

/** As tall as the icon buttons beside it, though it holds two lines. */
const ChangeCompanyButton = styled(Button)`
  height: 40px;
`;

const Company = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  line-height: 1.15;
  small { font-size: 11px; font-weight: 500; opacity: 0.75; }
  ${down('md')} { display: none; }
`;

interface TopBarProps {
  user: User;
  serviceName: string;
  unreadCount: number;
  sidebarExpanded: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  changingCompany: boolean;
  onChangeCompany: () => void;
  onSignOut: () => void;
  /** With the horizontal menu there is no sidebar to toggle: the bar shows the brand, linking here. */
  brandTo?: string;
}

export function TopBar(props: TopBarProps) {
  const { user, serviceName, unreadCount, sidebarExpanded, sidebarId, onToggleSidebar, changingCompany, onChangeCompany, onSignOut, brandTo } = props;
  const intl = useIntl();
  const changeLabel = intl.formatMessage({ id: 'topbar.changeCompany' });
  return (
    <Bar>
      {brandTo ? (
        <Brand to={brandTo} aria-label={intl.formatMessage({ id: 'nav.home' })}>
          <BrandLogo />
        </Brand>
      ) : (
        <IconButton
          aria-label={intl.formatMessage({ id: 'topbar.toggleMenu' })}
          aria-expanded={sidebarExpanded}
          aria-controls={sidebarId}
          onClick={onToggleSidebar}
          data-testid="sidebar-toggle"
        >
          <MenuIcon />
        </IconButton>
      )}
      <Spacer />
      {user.roleId === ROLE.SUPER_ADMIN ? (
        <ChangeCompanyButton
          $variant="secondary"
          $size="sm"
          onClick={onChangeCompany}
          disabled={changingCompany}
          aria-busy={changingCompany}
          aria-label={`${changeLabel}: ${user.companyName}`}
          title={changeLabel}
          data-testid="change-company"
        >
          {changingCompany ? <Spinner size={16} /> : <SwitchIcon size={18} />}
          <Company>
            <small>
              <FormattedMessage id="topbar.changeCompany" />
            </small>
            {user.companyName}
          </Company>
        </ChangeCompanyButton>
      ) : null}
      <NotificationBell serviceName={serviceName} count={unreadCount} />
      <LanguageSelect />
      <ThemeControl />
      <ProfileMenu user={user} serviceName={serviceName} onSignOut={onSignOut} />
    </Bar>
  );
}
