import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBff, renderRoute } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });

const SIGNED_OUT = { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Sign in with SSO', { timeout: 20_000 }, () => {
  it('asks for the work e-mail and sends the browser to the provider the gateway names', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = mockBff({
      '/bff/auth/me': SIGNED_OUT,
      'POST /bff/auth/sso/start': { body: { redirectUrl: 'https://login.acme.example/authorize?state=s' } },
    });
    renderRoute('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await user.type(screen.getByLabelText('Work e-mail'), 'ada@acme.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.acme.example/authorize?state=s'));
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/bff/auth/sso/start'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ email: 'ada@acme.example' });
  });

  it("says when the e-mail's domain has no single sign-on", async () => {
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      'POST /bff/auth/sso/start': { status: 404, body: { code: 'E404010', message: 'Single sign-on is not set up for this e-mail domain.' } },
    });
    renderRoute('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await user.type(screen.getByLabelText('Work e-mail'), 'ada@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('Single sign-on is not set up for this e-mail domain.');
  });

  it('shows why a sign-in at the provider came back refused, and goes back to the password form', async () => {
    mockBff({ '/bff/auth/me': SIGNED_OUT });
    renderRoute('/login?sso=no-account');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent("Ask your company's manager to invite you.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a password' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('points a refused password sign-in to single sign-on', async () => {
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      'POST /bff/auth/sign-in': { status: 403, body: { code: 'E403010', message: 'Your company signs in with single sign-on.' } },
    });
    renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'ada@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Some-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Use "Sign in with SSO" with your work e-mail.');
  });
});
