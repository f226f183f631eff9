import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerListItem } from '@product-console/shared';
import { makeSession } from '@/testing/fixtures';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff, renderRoute } from '@/testing/test-utils';
import { applyStyleRules } from '@/testing/style-rules';

// These tests look at what the style rules do.
applyStyleRules();

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const SIGNED_OUT = { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } };

describe('registration', { timeout: 20_000 }, () => {
  it('checks the service name as it is typed and sends the sign-up as multipart', async () => {
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      '/bff/public/auth/service-name/check': (_init, url) => ({
        body: url.searchParams.get('serviceName') === 'acme' ? { available: false, reason: 'taken' } : { available: true, reason: null },
      }),
    });
    const sent = stubUpload(201, { result: { serviceName: 'fjord', email: 'owner@fjord.test', permission: false } });
    renderRoute('/register');
    const user = userEvent.setup();

    const serviceName = await screen.findByLabelText('Service name');
    await user.type(serviceName, 'Acme');
    expect(serviceName).toHaveValue('acme');
    expect(await screen.findByText('This service name is already taken.')).toBeInTheDocument();
    await user.clear(serviceName);
    await user.type(serviceName, 'fjord');
    expect(await screen.findByText('This service name is available.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Company name'), 'Fjord Fisheries');
    await user.type(screen.getByLabelText('GS1 company prefixes'), '7040001, 7040002');
    await user.type(screen.getByLabelText('First name'), 'Frida');
    await user.type(screen.getByLabelText('Last name'), 'Fjord');
    await user.type(screen.getByLabelText('Email address'), 'owner@fjord.test');
    await user.type(screen.getByLabelText('Password'), 'Fjord-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Fjord-pass-1');
    // The e-mail language starts as the page's language.
    expect(screen.getByLabelText('Language of e-mails')).toHaveValue('en');
    await user.selectOptions(screen.getByLabelText('Language of e-mails'), 'ko');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('register-success')).toHaveTextContent('owner@fjord.test');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/bff/public/auth/sign/up' });
    expect(JSON.parse(String(sent[0].body.get('newUser')))).toMatchObject({
      company_name: 'Fjord Fisheries',
      service_name: 'fjord',
      gcps: ['7040001', '7040002'],
      role_id: 2,
      category_id: 1,
      language: 'ko',
    });
    // The browser sets the multipart boundary itself.
    expect(sent[0].headers['Content-Type']).toBeUndefined();
  });

  it('refuses two different passwords before calling the API', async () => {
    mockBff({ '/bff/auth/me': SIGNED_OUT, '/bff/public/auth/service-name/check': { body: { available: true, reason: null } } });
    const sent = stubUpload(201, {});
    renderRoute('/auth/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Company name'), 'X');
    await user.type(screen.getByLabelText('Service name'), 'xco');
    await user.type(screen.getByLabelText('GS1 company prefixes'), '1234567');
    await user.type(screen.getByLabelText('First name'), 'A');
    await user.type(screen.getByLabelText('Last name'), 'B');
    await user.type(screen.getByLabelText('Email address'), 'a@b.test');
    await user.type(screen.getByLabelText('Password'), 'first-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'other-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The two passwords do not match.');
    expect(sent).toHaveLength(0);
  });
});

describe('password reset', { timeout: 20_000 }, () => {
  it('asks for the mail, then shows check-mail without telling whether the address exists', async () => {
    mockBff({ '/bff/auth/me': SIGNED_OUT, 'POST /bff/public/auth/password/forgot': { body: { result: true } } });
    const { router } = renderRoute('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'someone@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check-mail'));
    expect(await screen.findByTestId('check-mail')).toHaveTextContent('If an account exists for someone@acme.test');
  });

  it('shows an expired link as unusable', async () => {
    mockBff({ '/bff/auth/me': SIGNED_OUT, '/bff/public/auth/password/reset/7/expired-token-0123456789': { body: { result: { valid: false } } } });
    renderRoute('/reset-password/7/expired-token-0123456789');
    expect(await screen.findByTestId('link-invalid')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('sets the new password with a valid link', async () => {
    let body: unknown;
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      '/bff/public/auth/password/reset/7/valid-token-0123456789': { body: { result: { valid: true } } },
      'POST /bff/public/auth/password/reset': (init) => {
        body = JSON.parse(String(init?.body));
        return { body: { result: true } };
      },
    });
    renderRoute('/reset-password/7/valid-token-0123456789');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('reset-done')).toBeInTheDocument();
    expect(body).toEqual({ userId: 7, token: 'valid-token-0123456789', password: 'Brand-new-1' });
  });

  it('exchanges the mailed code for the reset page', async () => {
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      'POST /bff/public/auth/password/verify-code': { body: { result: { userId: 7, token: 'fresh-token-0123456789' } } },
      '/bff/public/auth/password/reset/7/fresh-token-0123456789': { body: { result: { valid: true } } },
    });
    const { router } = renderRoute('/code-verification?email=a%40b.test');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Email address')).toHaveValue('a@b.test');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password/7/fresh-token-0123456789'));
  });
});

describe('invited member', { timeout: 20_000 }, () => {
  it('sets a password from the invitation link', async () => {
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      '/bff/public/auth/invitation/21': { body: { result: { email: 'ina@acme.test', firstName: 'Ina', lastName: 'Invited', companyName: 'Acme Corp' } } },
      'POST /bff/public/auth/invitation/accept': { body: { result: true } },
    });
    renderRoute('/new-member/21?token=invite-token-0123456789');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Join Acme Corp' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Ina-pass-2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Ina-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByTestId('new-member-done')).toHaveTextContent('ina@acme.test');
  });

  it('says so when the link has no token', async () => {
    mockBff({ '/bff/auth/me': SIGNED_OUT });
    renderRoute('/new-member/21');
    expect(await screen.findByTestId('link-invalid')).toBeInTheDocument();
  });
});

describe('customer approval on /switch', { timeout: 20_000 }, () => {
  it('lets the super-admin grant a pending company', async () => {
    const customers: CustomerListItem[] = [
      { customerId: 3, permission: false, companyName: 'Borealis Labs', serviceName: 'borealis', planName: 'Starter', services: ['DL'], createdAt: '2026-01-01T00:00:00Z', gcps: ['0850001'], prefixConflicts: [] },
    ];
    let permissionBody: unknown;
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId: 1, serviceName: '', companyName: '' }) },
      '/bff/api/service/super/customer/list': () => ({ body: { result: customers } }),
      'PUT /bff/api/service/super/customer/permission': (init) => {
        permissionBody = JSON.parse(String(init?.body));
        customers[0] = { ...customers[0], permission: (permissionBody as { permission: boolean }).permission };
        return { body: { result: true } };
      },
    });
    renderRoute('/switch');
    const user = userEvent.setup();
    const row = await screen.findByTestId('customer-borealis');
    expect(within(row).getByTestId('approval-state')).toHaveTextContent('Pending approval');
    await user.click(within(row).getByRole('button', { name: 'Approve Borealis Labs' }));
    await waitFor(() => expect(within(screen.getByTestId('customer-borealis')).getByTestId('approval-state')).toHaveTextContent('Approved'));
    expect(permissionBody).toEqual({ customerId: 3, permission: true });

    // Revoking locks the company's users out: it is confirmed first.
    await user.click(within(screen.getByTestId('customer-borealis')).getByRole('button', { name: 'Revoke the approval of Borealis Labs' }));
    const dialog = await screen.findByTestId('revoke-dialog');
    expect(dialog).toHaveTextContent('Revoke the approval of Borealis Labs?');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke approval' }));
    await waitFor(() => expect(within(screen.getByTestId('customer-borealis')).getByTestId('approval-state')).toHaveTextContent('Pending approval'));
    expect(permissionBody).toEqual({ customerId: 3, permission: false });
  });
});
