import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import type { RouteHandle } from '@/app/route-handle';
import { RootLayout } from '@/app/root-layout';
import { RootRedirect } from '@/app/root-redirect';
import { RouteError } from '@/app/route-error';
import { loadConsoleMessages } from '@/lib/i18n';

/**
 * Route modules load on demand, so that the first load carries only the shell of the router; a
 * console page also waits for the console part of the catalogue (decision 073).
 */
function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadConsoleMessages()]);
    return { Component: pick(module) };
  };
}

/** A page a signed-out visitor opens: it says only what the account part of the catalogue holds. */
function accountRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const notFound: RouteObject = {
  path: '*',
  handle: { notFound: true } satisfies RouteHandle,
  lazy: lazyRoute(() => import('@/components/not-found'), (m) => m.NotFound),
};

const standaloneNotFound: RouteObject = {
  path: '*',
  handle: { notFound: true } satisfies RouteHandle,
  lazy: lazyRoute(() => import('@/app/layouts/standalone-not-found'), (m) => m.StandaloneNotFound),
};

const underConstruction = lazyRoute(() => import('@/components/under-construction'), (m) => m.UnderConstruction);

function page(
  path: string,
  crumb: RouteHandle['crumb'],
  lazy = underConstruction,
  place: Pick<RouteHandle, 'trail' | 'page'> = {},
): RouteObject {
  return { path, handle: { crumb, ...place } satisfies RouteHandle, lazy };
}

// Pages made of several features are composed in app/routes/; a page of one feature is its own.
const entryList = lazyRoute(() => import('@/app/routes/entry-list'), (m) => m.EntryListRoute);
const productDetails = lazyRoute(() => import('@/app/routes/product-details'), (m) => m.ProductDetailsRoute);
const editProduct = lazyRoute(() => import('@/app/routes/edit-product'), (m) => m.EditProductRoute);
const addProduct = lazyRoute(() => import('@/features/products/routes/add-product'), (m) => m.AddProductRoute);
const newLink = lazyRoute(() => import('@/app/routes/new-link'), (m) => m.NewLinkRoute);
const productPreview = lazyRoute(() => import('@/features/preview/routes/product-preview'), (m) => m.ProductPreviewRoute);

const login = accountRoute(() => import('@/features/auth/routes/login'), (m) => m.LoginRoute);

/** Account pages reachable without a session, each under its spec path and its /auth/ twin. */
function accountPages(paths: string[], lazy: RouteObject['lazy']): RouteObject[] {
  return paths.map((path) => ({ path, lazy }));
}

/** The console's routes (spec point 2); shared by the browser router and the tests. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        { index: true, element: <RootRedirect /> },
        { path: 'login', lazy: login },
        { path: 'auth/login', lazy: login },
        ...accountPages(['register', 'auth/register'], accountRoute(() => import('@/features/auth/routes/register'), (m) => m.RegisterRoute)),
        ...accountPages(
          ['forgot-password', 'auth/forgot-password'],
          accountRoute(() => import('@/features/auth/routes/forgot-password'), (m) => m.ForgotPasswordRoute),
        ),
        ...accountPages(['check-mail', 'auth/check-mail'], accountRoute(() => import('@/features/auth/routes/check-mail'), (m) => m.CheckMailRoute)),
        ...accountPages(
          ['code-verification', 'auth/code-verification'],
          accountRoute(() => import('@/features/auth/routes/code-verification'), (m) => m.CodeVerificationRoute),
        ),
        ...accountPages(
          ['reset-password/:userId/:token', 'auth/reset-password/:userId/:token'],
          accountRoute(() => import('@/features/auth/routes/reset-password'), (m) => m.ResetPasswordRoute),
        ),
        ...accountPages(['new-member/:userId'], accountRoute(() => import('@/features/auth/routes/new-member'), (m) => m.NewMemberRoute)),
        // Without its user and token a reset link means nothing (spec point 2).
        { ...standaloneNotFound, path: 'reset-password' },
        { ...standaloneNotFound, path: 'auth/reset-password' },
        { path: 'switch', lazy: lazyRoute(() => import('@/features/auth/routes/switch-company'), (m) => m.SwitchCompanyRoute) },
        {
          path: 'maintenance',
          lazy: lazyRoute(() => import('@/app/layouts/maintenance-layout'), (m) => m.MaintenanceLayout),
          children: [
            { index: true, element: <Navigate to="404" replace /> },
            { path: '404', lazy: notFound.lazy },
            { path: '500', lazy: lazyRoute(() => import('@/features/maintenance/routes/server-error'), (m) => m.ServerErrorRoute) },
            { path: '403', lazy: lazyRoute(() => import('@/features/maintenance/routes/forbidden'), (m) => m.ForbiddenRoute) },
            {
              path: 'under-construction',
              lazy: lazyRoute(() => import('@/features/maintenance/routes/under-construction'), (m) => m.UnderConstructionRoute),
            },
            {
              path: 'under-construction2',
              lazy: lazyRoute(() => import('@/features/maintenance/routes/under-construction'), (m) => m.UnderConstruction2Route),
            },
            {
              path: 'permission-denied',
              lazy: lazyRoute(() => import('@/features/maintenance/routes/permission-denied'), (m) => m.PermissionDeniedRoute),
            },
            { path: 'plan-limit', lazy: lazyRoute(() => import('@/features/maintenance/routes/plan-limit'), (m) => m.PlanLimitRoute) },
            notFound,
          ],
        },
        {
          // The consumer view a scan leads to: public, outside the console shell and its sign-in
          // guard. Its path is more specific than the console's, so it wins the match.
          path: ':serviceName/product-details/:productId/preview',
          children: [{ index: true, lazy: productPreview }, standaloneNotFound],
        },
        {
          path: ':serviceName',
          lazy: lazyRoute(() => import('@/app/layouts/console-layout'), (m) => m.ConsoleRoute),
          children: [
            { index: true, element: <Navigate to="dashboard/main-overview" replace /> },
            {
              path: 'dashboard',
              handle: { crumb: 'nav.dashboard', crumbTo: 'main-overview' } satisfies RouteHandle,
              children: [
                { index: true, element: <Navigate to="main-overview" replace /> },
                page(
                  'main-overview',
                  'nav.overview',
                  lazyRoute(() => import('@/features/overview/routes/main-overview'), (m) => m.MainOverviewRoute),
                ),
                page('DL-analytics', 'nav.analytics', lazyRoute(() => import('@/features/analytics/routes/dl-analytics'), (m) => m.DlAnalyticsRoute)),
                notFound,
              ],
            },
            page('quick-start', 'nav.quickStart', lazyRoute(() => import('@/features/quick-start/routes/quick-start'), (m) => m.QuickStartRoute)),
            // Roles 1 and 2 and sub-admins: the API scopes a sub-admin's lists to its projects' products.
            page('authenticity', 'nav.authenticity', lazyRoute(() => import('@/features/authenticity/routes/authenticity'), (m) => m.AuthenticityRoute)),
            {
              lazy: lazyRoute(() => import('@/app/guards/require-role'), (m) => m.AdminOnly),
              children: [
                page('sub-admin', 'nav.userRoles', lazyRoute(() => import('@/features/sub-admins/routes/sub-admin-list'), (m) => m.SubAdminListRoute)),
                page('webhooks', 'nav.webhooks', lazyRoute(() => import('@/features/webhooks/routes/webhooks'), (m) => m.WebhooksRoute)),
                {
                  path: 'epcis',
                  handle: { crumb: 'nav.traceability' } satisfies RouteHandle,
                  children: [
                    { index: true, lazy: lazyRoute(() => import('@/features/trace/routes/traceability'), (m) => m.TraceabilityRoute) },
                    page('locations', 'places.pageTitle', lazyRoute(() => import('@/features/trace/routes/locations'), (m) => m.LocationsRoute)),
                    page(':productId', 'crumb.traceData', lazyRoute(() => import('@/features/trace/routes/product-trace'), (m) => m.ProductTraceRoute), {
                      page: 'traceProduct',
                    }),
                    page(
                      ':productId/serial/:serialId',
                      'crumb.serial',
                      lazyRoute(() => import('@/features/trace/routes/serial-trace'), (m) => m.SerialTraceRoute),
                      { trail: ['traceProduct'] },
                    ),
                    page(':productId/add-event', 'crumb.addEvent', lazyRoute(() => import('@/features/trace/routes/add-event'), (m) => m.AddEventRoute), {
                      trail: ['traceProduct'],
                    }),
                    notFound,
                  ],
                },
              ],
            },
            page('entry-list', 'nav.products', entryList),
            page('entry-list/:projectId', 'nav.products', entryList, { trail: ['products'], page: 'project' }),
            page('product-details/:productId', 'crumb.productDetails', productDetails, { trail: ['products', 'productProject'], page: 'product' }),
            page('product-details/:productId/new-link', 'crumb.newLink', newLink, { trail: ['products', 'productProject', 'product'] }),
            page('product-details/:productId/edit/:step', 'crumb.editProduct', editProduct, { trail: ['products', 'productProject', 'product'] }),
            page('project/:projectId/add-product', 'nav.addProducts', addProduct, { trail: ['products', 'project'] }),
            page('audit-log', 'nav.auditLog', lazyRoute(() => import('@/features/audit/routes/audit-log'), (m) => m.AuditLogRoute)),
            page('notifications', 'nav.notifications', lazyRoute(() => import('@/features/notifications/routes/notifications'), (m) => m.NotificationsRoute)),
            page('settings/pricing', 'crumb.pricing', lazyRoute(() => import('@/features/plans/routes/pricing'), (m) => m.PricingRoute)),
            {
              path: 'profiles',
              handle: { crumb: 'crumb.profile', crumbTo: 'basic' } satisfies RouteHandle,
              children: [
                { index: true, handle: notFound.handle, lazy: notFound.lazy },
                {
                  lazy: lazyRoute(() => import('@/features/profile/components/profile-layout'), (m) => m.ProfileLayout),
                  children: [
                    page('basic', 'crumb.profileBasic', lazyRoute(() => import('@/features/profile/routes/profile-basic'), (m) => m.ProfileBasicRoute)),
                    page('company', 'crumb.profileCompany', lazyRoute(() => import('@/app/routes/profile-company'), (m) => m.CompanyProfileRoute)),
                    page('password', 'crumb.profilePassword', lazyRoute(() => import('@/features/profile/routes/profile-password'), (m) => m.ProfilePasswordRoute)),
                    page(
                      'subscription',
                      'crumb.profileSubscription',
                      lazyRoute(() => import('@/features/profile/routes/profile-subscription'), (m) => m.ProfileSubscriptionRoute),
                    ),
                  ],
                },
                notFound,
              ],
            },
            notFound,
          ],
        },
        standaloneNotFound,
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
