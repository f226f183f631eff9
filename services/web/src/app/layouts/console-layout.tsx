import { useCallback, useEffect, useId, useMemo, useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Navigate, Outlet, useLocation, useMatches, useNavigate, useParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { ROLE, type SessionInfo } from '@product-console/shared';
import { NoProjectAccessDialog } from '@/components/no-project-access-dialog';
import { PlanExceededDialog } from '@/components/plan-exceeded-dialog';
import { FullPageSpinner } from '@/components/ui/spinner';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { configureApiClient } from '@/lib/api-client';
import { LOGIN_PATH, needsCompanySwitch, overviewPath, SWITCH_PATH } from '@/lib/home-path';
import { usePlanInfo, useProductLimitCheck } from '@/lib/plan';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useMediaQuery } from '@/lib/use-media-query';
import { down, downQuery } from '@/theme/media';
import { useThemeSettings } from '@/theme/theme-settings';
import { useSession } from '@/features/auth/api/get-session';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useSwitchCompany } from '@/features/auth/api/switch-company';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useProjects } from '@/features/projects/api/get-projects';
import { Breadcrumbs } from '@/app/layouts/console/breadcrumbs';
import { Footer } from '@/app/layouts/console/footer';
import { HorizontalMenu } from '@/app/layouts/console/horizontal-menu';
import { buildMenu } from '@/app/layouts/console/menu';
import { Sidebar } from '@/app/layouts/console/sidebar';
import { TopBar } from '@/app/layouts/console/top-bar';
import { MaintenanceFrame } from '@/app/layouts/maintenance-frame';
import type { RouteHandle } from '@/app/route-handle';

const Shell = styled.div`
  display: flex;
  min-height: 100vh;
  min-height: 100dvh;
`;

const Aside = styled.aside<{ $collapsed: boolean }>`
  position: sticky;
  top: 0;
  height: 100vh;
  height: 100dvh;
  flex: none;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.miniDrawerWidth : theme.layout.drawerWidth)}px;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transition: width 0.2s ease;
  overflow: hidden;
  z-index: 25;
  ${down('sm')} { display: none; }
`;

const DrawerOverlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${({ theme }) => theme.colors.overlay};
`;

const DrawerContent = styled(RadixDialog.Content)`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 41;
  width: min(${({ theme }) => theme.layout.drawerWidth}px, 86vw);
  box-shadow: ${({ theme }) => theme.shadow.lg};
  &:focus { outline: none; }
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Content = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: 24px 28px 40px;
  &:focus { outline: none; }
  ${down('sm')} { padding: 16px 14px 32px; }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 12px;
  top: -60px;
  z-index: 100;
  padding: 10px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  &:focus { top: 12px; }
`;

interface ConsoleLayoutProps {
  session: SessionInfo;
  serviceName: string;
}

function ConsoleLayout({ session, serviceName }: ConsoleLayoutProps) {
  const intl = useIntl();
  // A sub-admin's refused call is denied access (the permission-denied page); anyone else's the 403 page.
  const subAdmin = session.user.roleId === ROLE.SUB_ADMIN;
  useEffect(() => {
    configureApiClient({ forbiddenPath: () => (subAdmin ? '/maintenance/permission-denied' : '/maintenance/403') });
    return () => configureApiClient({ forbiddenPath: () => '/maintenance/403' });
  }, [subAdmin]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebarId = useId();
  const isMobile = useMediaQuery(downQuery('sm'));
  const belowMd = useMediaQuery(downQuery('md'));
  const { menuOrientation } = useThemeSettings();
  /** The horizontal bar replaces the sidebar from `md` up; narrower screens keep the vertical layout and drawer. */
  const horizontal = menuOrientation === 'horizontal' && !belowMd;
  const [collapsed, setCollapsed] = useState(() => readStorage('local', STORAGE_KEYS.sidebarCollapsed) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [changingCompany, setChangingCompany] = useState(false);
  const [planDialogOpen, setPlanDialogOpen] = useState(false);
  const [noAccessDismissed, setNoAccessDismissed] = useState(false);

  const projects = useProjects();
  const plan = usePlanInfo();
  const productLimit = useProductLimitCheck();
  const unreadCount = useUnreadCount();
  const signOut = useSignOut();
  const { leave, apply } = useSwitchCompany();

  const menu = useMemo(
    () =>
      buildMenu({
        serviceName,
        roleId: session.user.roleId,
        services: plan.data?.result.services,
        projects: projects.data?.result,
      }),
    [serviceName, session.user.roleId, plan.data, projects.data],
  );
  const homeTo = overviewPath(serviceName);

  useEffect(() => setDrawerOpen(false), [pathname]);

  const toggleSidebar = useCallback(() => {
    if (isMobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      writeStorage('local', STORAGE_KEYS.sidebarCollapsed, value ? '0' : '1');
      return !value;
    });
  }, [isMobile]);

  const expand = useCallback(() => {
    writeStorage('local', STORAGE_KEYS.sidebarCollapsed, '0');
    setCollapsed(false);
  }, []);

  async function changeCompany() {
    setChangingCompany(true);
    try {
      const next = await leave();
      apply(next);
      navigate(SWITCH_PATH, { replace: true });
    } catch (error) {
      console.error(error);
      setChangingCompany(false);
    }
  }

  async function addProduct(event: MouseEvent<HTMLAnchorElement>, to: string) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (await productLimit.check()) setPlanDialogOpen(true);
    else navigate(to);
  }

  const sidebar = (mini: boolean) => (
    <Sidebar
      menu={menu}
      collapsed={mini}
      onExpand={expand}
      homeTo={homeTo}
      addingProduct={productLimit.checking}
      onAddProduct={(event, to) => void addProduct(event, to)}
    />
  );

  return (
    <Shell>
      <SkipLink href="#main-content">{intl.formatMessage({ id: 'nav.skipToContent' })}</SkipLink>
      {isMobile ? (
        <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <RadixDialog.Portal>
            <DrawerOverlay />
            <DrawerContent id={sidebarId} aria-describedby={undefined}>
              <RadixDialog.Title asChild>
                <VisuallyHidden>{intl.formatMessage({ id: 'nav.label' })}</VisuallyHidden>
              </RadixDialog.Title>
              {sidebar(false)}
            </DrawerContent>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      ) : horizontal ? null : (
        <Aside id={sidebarId} $collapsed={collapsed} data-testid="sidebar" data-collapsed={collapsed}>
          {sidebar(collapsed)}
        </Aside>
      )}
      <Column>
        <TopBar
          user={session.user}
          serviceName={serviceName}
          unreadCount={unreadCount}
          sidebarExpanded={isMobile ? drawerOpen : !collapsed}
          sidebarId={sidebarId}
          onToggleSidebar={toggleSidebar}
          changingCompany={changingCompany}
          onChangeCompany={() => void changeCompany()}
          onSignOut={() => void signOut()}
          brandTo={horizontal ? homeTo : undefined}
        />
        {horizontal ? (
          <HorizontalMenu menu={menu} addingProduct={productLimit.checking} onAddProduct={(event, to) => void addProduct(event, to)} />
        ) : null}
        <Content id="main-content" tabIndex={-1}>
          <Breadcrumbs homeTo={homeTo} />
          <Outlet />
        </Content>
        <Footer homeTo={homeTo} />
      </Column>
      <NoProjectAccessDialog
        open={!noAccessDismissed && session.user.roleId === ROLE.SUB_ADMIN && projects.data?.result.length === 0}
        onClose={() => setNoAccessDismissed(true)}
      />
      <PlanExceededDialog
        open={planDialogOpen}
        onOpenChange={setPlanDialogOpen}
        planName={plan.data?.result.planName ?? ''}
        field="product"
      />
    </Shell>
  );
}

/**
 * `/:serviceName/*`: signed-out visitors go to /login, a super-admin without a company to
 * /switch, and anyone in another company's path to their own. Unknown paths are 404 for all.
 */
export function ConsoleRoute() {
  const { serviceName = '' } = useParams();
  const matches = useMatches();
  const { session, isLoading, error } = useSession();
  const leafIsNotFound = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.notFound === true;

  if (error) throw error;
  if (isLoading || session === undefined) return <FullPageSpinner />;

  const admitted = session !== null && !needsCompanySwitch(session) && session.user.serviceName === serviceName;
  if (!admitted && leafIsNotFound) {
    return (
      <MaintenanceFrame>
        <Outlet />
      </MaintenanceFrame>
    );
  }
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  if (needsCompanySwitch(session)) return <Navigate to={SWITCH_PATH} replace />;
  if (session.user.serviceName !== serviceName) return <Navigate to={overviewPath(session.user.serviceName)} replace />;
  return <ConsoleLayout session={session} serviceName={serviceName} />;
}
