import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { company, makePlan, makeSession, products, projects, totalCount } from '@/testing/fixtures';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockBff, renderRoute } from '@/testing/test-utils';

const NOT_FOUND = "Error 404 - This page doesn't exist!";

function consoleApi(session = makeSession({ roleId: 2 })) {
  return mockBff({
    '/bff/auth/me': { body: session },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 3 } } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    '/bff/api/overview/total-count': { body: { result: totalCount } },
    '/bff/api/overview/productList': { body: { result: products, pageInfo: { total: 1, page: 1, size: 10 } } },
  });
}

function signedOut() {
  return mockBff({ '/bff/auth/me': { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } } });
}

describe('routes', () => {
  it.each(['/this/does/not/exist', '/maintenance/nothing-here', '/reset-password', '/auth/reset-password'])(
    'shows the 404 page for %s',
    async (path) => {
      signedOut();
      renderRoute(path);
      expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    },
  );

  it('shows the 404 page inside the console for an unknown console path and for /profiles', async () => {
    consoleApi();
    renderRoute('/acme/profiles');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('shows the overview with company info, counts and products', async () => {
    consoleApi();
    renderRoute('/acme/dashboard/main-overview');
    expect(await screen.findByText('We make sturdy things.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count-products')).toHaveTextContent('3'));
    expect(screen.getByTestId('count-nfc')).toHaveTextContent('4');
    expect(await screen.findByRole('link', { name: 'Trail jacket' })).toHaveAttribute('href', '/acme/product-details/101');
    expect(screen.getByRole('link', { name: /Notifications, 3 unread/ })).toHaveAttribute('href', '/acme/notifications');
  });

  it("redirects another company's path to the user's own overview", async () => {
    consoleApi();
    const { router } = renderRoute('/other/quick-start');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard/main-overview'));
  });

  it('keeps a sub-admin out of User roles', async () => {
    consoleApi(makeSession({ roleId: 3, showDefaultPage: false }));
    const { router } = renderRoute('/acme/sub-admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/quick-start'));
  });

  it('sends a signed-out visitor of a console page to /login', async () => {
    signedOut();
    const { router } = renderRoute('/acme/dashboard/main-overview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a wrong password inline on the sign-in page', async () => {
    mockBff({
      '/bff/auth/me': { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } },
      'POST /bff/auth/sign-in': { status: 401, body: { code: 'E401001', message: 'The email or password is incorrect.' } },
    });
    const { router } = renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'jane@acme.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in and goes to the overview', async () => {
    const session = makeSession({ roleId: 2 });
    let hasSession = false;
    mockBff({
      '/bff/auth/me': () => (hasSession ? { body: session } : { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } }),
      'POST /bff/auth/sign-in': (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ email: 'jane@acme.test', password: 'secret-password' });
        hasSession = true;
        return { body: { user: session.user } };
      },
      '/bff/api/project/all': { body: { result: projects } },
    });
    const { router } = renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'jane@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard/main-overview'));
  });

  it('makes no session call on the sign-in page of a visitor who has not signed in', async () => {
    const fetchMock = signedOut();
    renderRoute('/login');
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('/bff/auth/me'))).toBe(false);
  });

  it('sends a visitor whose browser holds a session from the sign-in page to their overview', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    consoleApi();
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard/main-overview'));
  });

  it('shows the plan-limit titles by type', async () => {
    signedOut();
    renderRoute('/maintenance/plan-limit?type=usage');
    expect(await screen.findByRole('heading', { name: "You've Reached Your Usage Limit" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('shows the registration form at /auth/register', async () => {
    signedOut();
    renderRoute('/auth/register');
    expect(await screen.findByRole('heading', { name: 'Register your company' })).toBeInTheDocument();
    expect(screen.getByTestId('register-form')).toBeInTheDocument();
  });
});
