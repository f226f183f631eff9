import styled from 'styled-components';
import { NavLink, Outlet, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeader } from '@/components/page-header';
import { PageStack } from '@/components/ui/page-stack';
import type { MessageId } from '@/lib/i18n';

const Tabs = styled.nav`
  display: flex;
  gap: 4px;
  flex-wrap: wrap;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    padding: 10px 14px;
    font-weight: 600;
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textMuted};
    border-bottom: 2px solid transparent;
  }
  a.active { color: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
  a:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;

const TABS: { to: string; labelId: MessageId }[] = [
  { to: 'basic', labelId: 'crumb.profileBasic' },
  { to: 'company', labelId: 'crumb.profileCompany' },
  { to: 'password', labelId: 'crumb.profilePassword' },
  { to: 'subscription', labelId: 'crumb.profileSubscription' },
];

/** /{serviceName}/profiles/*: one page per tab; the index and unknown tabs are 404 (router). */
export function ProfileLayout() {
  const intl = useIntl();
  const { serviceName = '' } = useParams();
  const base = `/${encodeURIComponent(serviceName)}/profiles`;
  return (
    <PageStack>
      <PageHeader title={<FormattedMessage id="crumb.profile" />} />
      <Tabs aria-label={intl.formatMessage({ id: 'crumb.profile' })}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={`${base}/${tab.to}`} data-testid={`profile-tab-${tab.to}`}>
            <FormattedMessage id={tab.labelId} />
          </NavLink>
        ))}
      </Tabs>
      <Outlet />
    </PageStack>
  );
}
