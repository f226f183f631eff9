import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DEV_TOKEN_STORAGE_KEY, type SessionInfo } from '@product-console/shared';
import { customers, makeSession } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

function signedIn(session: SessionInfo | null) {
  return mockBff({
    '/bff/auth/me': session ? { body: session } : { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } },
    '/bff/api/service/super/customer/list': { body: { result: customers } },
    '/bff/api/project/all': { body: { result: [] } },
  });
}

describe('/ (root redirect)', () => {
  it('shows a spinner while the session loads', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const { router } = renderRoute('/');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out visitor to /login', async () => {
    signedIn(null);
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a super-admin to /switch', async () => {
    signedIn(makeSession({ roleId: 1, serviceName: 'acme' }));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/switch'));
    expect(await screen.findByTestId('customer-acme')).toHaveTextContent('Approved');
    expect(screen.getByTestId('customer-beta')).toHaveTextContent('Pending approval');
  });

  it('sends a super-admin with a developer token to the service home', async () => {
    window.sessionStorage.setItem(DEV_TOKEN_STORAGE_KEY, 'dev-token');
    signedIn(makeSession({ roleId: 1, serviceName: 'acme' }));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard/main-overview'));
  });

  it('sends a switched super-admin to the company overview', async () => {
    signedIn(makeSession({ roleId: 1, serviceName: 'beta' }, 2));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/beta/dashboard/main-overview'));
  });

  it('sends a manager to the overview', async () => {
    signedIn(makeSession({ roleId: 2, showDefaultPage: true }));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard/main-overview'));
  });

  it('sends a manager without the default page to quick-start', async () => {
    signedIn(makeSession({ roleId: 2, showDefaultPage: false }));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/quick-start'));
  });
});
