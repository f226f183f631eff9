import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Navigate, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROLE, SWITCH_PAGE_REFRESH_DELAY_MS, type CustomerListItem } from '@product-console/shared';
import { BrandLogo } from '@/components/brand-logo';
import { BuildingIcon, LogoutIcon } from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import { StateBlock } from '@/components/list-body';
import { SearchBox } from '@/components/list-toolbar';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/field';
import { FullPageSpinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { homePath, LOGIN_PATH, overviewPath } from '@/lib/home-path';
import { down } from '@/theme/media';
import { useCustomerList } from '@/features/auth/api/get-customer-list';
import { useSession } from '@/features/auth/api/get-session';
import { useSignOut } from '@/features/auth/api/sign-out';
import { setCustomerPermission } from '@/features/auth/api/set-customer-permission';
import { useSwitchCompany } from '@/features/auth/api/switch-company';
import { CustomerList, CustomerListSkeleton } from '@/features/auth/components/customer-list';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 12px;
  height: 64px;
  padding: 0 24px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${down('sm')} {
    padding: 0 12px;
    select { min-width: 0; width: 136px; }
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

/** On a phone only the icon shows; the label stays for screen readers. */
const LogoutLabel = styled.span`
  ${down('sm')} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Main = styled.main`
  width: min(960px, 100%);
  margin: 0 auto;
  padding: 40px 24px 64px;
  ${down('sm')} { padding: 24px 12px 48px; }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 24px;
`;

const Title = styled.h1`
  font-size: 28px;
  font-weight: 700;
`;

const Subtitle = styled.p`
  margin-top: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CompanySearch = styled(SearchBox)`
  flex: 0 1 300px;
  input { height: 42px; }
`;

const NoCustomers = styled(StateBlock)`
  padding: 56px 24px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const CustomerLoadError = styled(LoadError)`
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const Notice = styled(FormAlert)`
  margin-bottom: 16px;
  justify-content: space-between;
  align-items: center;
`;

function wait(ms: number) {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/** /switch: a super-admin chooses the customer company to act for. */
export function SwitchCompanyRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { session, isLoading, error: sessionError } = useSession();
  const signOut = useSignOut();
  const { switchTo, apply } = useSwitchCompany();
  const isSuperAdmin = session?.user.roleId === ROLE.SUPER_ADMIN;
  const customers = useCustomerList(isSuperAdmin);
  const [query, setQuery] = useState('');
  const [switchingId, setSwitchingId] = useState<number | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [permissionBusyId, setPermissionBusyId] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<CustomerListItem | null>(null);

  const visible = useMemo(() => {
    const list = customers.data?.result ?? [];
    const needle = query.trim().toLowerCase();
    if (!needle) return list;
    return list.filter(
      (customer) =>
        customer.companyName.toLowerCase().includes(needle) || customer.serviceName.toLowerCase().includes(needle),
    );
  }, [customers.data, query]);

  if (sessionError) throw sessionError;
  if (isLoading) return <FullPageSpinner />;
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  if (!isSuperAdmin) return <Navigate to={homePath(session)} replace />;

  async function open(customer: CustomerListItem) {
    setSwitchingId(customer.customerId);
    setSwitchError(null);
    try {
      const next = await switchTo(customer.customerId);
      await wait(SWITCH_PAGE_REFRESH_DELAY_MS);
      apply(next);
      navigate(overviewPath(customer.serviceName), { replace: true });
    } catch (cause) {
      setSwitchError(apiErrorMessage(intl, cause));
      setSwitchingId(null);
    }
  }

  async function setPermission(customer: CustomerListItem, permission: boolean) {
    setPermissionBusyId(customer.customerId);
    setSwitchError(null);
    try {
      await setCustomerPermission(customer.customerId, permission);
      await customers.mutate();
    } catch (cause) {
      setSwitchError(apiErrorMessage(intl, cause));
    } finally {
      setPermissionBusyId(null);
    }
  }

  const total = customers.data?.result.length ?? 0;

  return (
    <>
      <Header>
        <BrandLogo collapseOnMobile />
        <Spacer />
        <LanguageSelect />
        <Button $variant="outline" onClick={() => void signOut()} data-testid="switch-logout">
          <LogoutIcon size={18} />
          <LogoutLabel>
            <FormattedMessage id="common.logout" />
          </LogoutLabel>
        </Button>
      </Header>
      <Main>
        <TitleRow>
          <div>
            <Title>
              <FormattedMessage id="switch.title" />
            </Title>
            <Subtitle>
              <FormattedMessage id="switch.subtitle" />
            </Subtitle>
          </div>
          {total > 0 ? (
            <CompanySearch value={query} onChange={setQuery} label={intl.formatMessage({ id: 'switch.search' })} />
          ) : null}
        </TitleRow>

        {switchError ? (
          <Notice role="alert">
            <span>{switchError}</span>
          </Notice>
        ) : null}

        {customers.error ? (
          <CustomerLoadError testId="customer-list-error" message={<FormattedMessage id="switch.loadError" />} onRetry={() => void customers.mutate()} />
        ) : customers.isLoading || !customers.data ? (
          <CustomerListSkeleton />
        ) : visible.length === 0 ? (
          <NoCustomers testId="customer-list-empty" icon={<BuildingIcon size={32} />}>
            <p>
              <FormattedMessage id={total === 0 ? 'switch.empty' : 'switch.noMatch'} />
            </p>
          </NoCustomers>
        ) : (
          <CustomerList
            customers={visible}
            switchingId={switchingId}
            onOpen={(customer) => void open(customer)}
            onSetPermission={(customer, permission) => (permission ? void setPermission(customer, true) : setRevoking(customer))}
            permissionBusyId={permissionBusyId}
          />
        )}
      </Main>
      <DialogRoot open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <DialogPortal>
          <DialogOverlay />
          <DialogContent role="alertdialog" data-testid="revoke-dialog">
            <DialogTitle>
              <FormattedMessage id="switch.revokeTitle" values={{ name: revoking?.companyName ?? '' }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage id="switch.revokeBody" />
            </DialogDescription>
            <DialogActions>
              <Button $variant="outline" onClick={() => setRevoking(null)}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button
                $variant="danger"
                onClick={() => {
                  if (revoking) void setPermission(revoking, false);
                  setRevoking(null);
                }}
              >
                <FormattedMessage id="switch.revoke" />
              </Button>
            </DialogActions>
          </DialogContent>
        </DialogPortal>
      </DialogRoot>
    </>
  );
}
