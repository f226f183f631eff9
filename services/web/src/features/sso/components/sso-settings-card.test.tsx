import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SsoSettings } from '@product-console/shared';
import { company, makePlan, makeSession, profile, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });

const REDIRECT = 'http://localhost:3000/bff/auth/sso/callback';
const SAVED: SsoSettings = {
  issuer: 'https://login.acme.example',
  clientId: 'console',
  clientSecretSet: true,
  domains: ['acme.example'],
  jitRole: 'sub-admin',
  mandatory: false,
  updatedAt: '2026-11-28T12:00:00.000Z',
};

function api(current: SsoSettings | null, roleId: 2 | 3 = 2) {
  const sent: { method: string; body: unknown }[] = [];
  const fetchMock = mockBff({
    '/bff/auth/me': { body: makeSession({ roleId }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: { ...company, timeZone: 'UTC', analyticsRebuild: null } } },
    'GET /bff/api/auth/me/profile': { body: { result: { ...profile, roleId } } },
    'GET /bff/api/auth/me/sso': { body: { result: current, redirectUri: REDIRECT } },
    'PUT /bff/api/auth/me/sso': (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push({ method: 'PUT', body });
      if (body.issuer === 'https://nothing.example') {
        return { status: 400, body: { code: 'E400010', message: 'unreadable', details: [{ path: 'issuer', message: 'the discovery document could not be reached' }] } };
      }
      return { body: { result: { ...SAVED, ...body, clientSecretSet: true, updatedAt: new Date().toISOString() }, redirectUri: REDIRECT } };
    },
    'DELETE /bff/api/auth/me/sso': () => {
      sent.push({ method: 'DELETE', body: null });
      return { body: { result: true } };
    },
  });
  return { sent, fetchMock };
}

describe("the company's single sign-on", { timeout: 20_000 }, () => {
  it('starts empty, asks for the secret the first time, and saves the provider', async () => {
    const { sent } = api(null);
    renderRoute('/acme/profiles/company');
    const card = await screen.findByTestId('sso-settings-card');
    expect(await within(card).findByTestId('sso-status')).toHaveTextContent('Single sign-on is not set up.');
    expect(within(card).getByTestId('sso-redirect-uri')).toHaveTextContent(REDIRECT);
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Issuer URL'), 'https://login.acme.example');
    await user.type(within(card).getByLabelText('Client ID'), 'console');
    await user.type(within(card).getByLabelText('E-mail domains'), 'Acme.example\nacme.test');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Enter the client secret.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(card).getByLabelText('Client secret'), 's3cret');
    await user.selectOptions(within(card).getByLabelText('At a first sign-in'), 'manager');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({
      issuer: 'https://login.acme.example',
      clientId: 'console',
      clientSecret: 's3cret',
      domains: ['acme.example', 'acme.test'],
      jitRole: 'manager',
      mandatory: false,
    });
  });

  it('keeps a set secret unless a new one is typed, and shows the API field error under the issuer', async () => {
    const { sent } = api(SAVED);
    renderRoute('/acme/profiles/company');
    const card = await screen.findByTestId('sso-settings-card');
    expect(await within(card).findByTestId('sso-secret-set')).toHaveTextContent('A secret is set and is never shown.');
    expect(within(card).getByLabelText('Client secret')).toHaveValue('');
    const user = userEvent.setup();
    const issuer = within(card).getByLabelText('Issuer URL');
    await user.clear(issuer);
    await user.type(issuer, 'https://nothing.example');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).not.toHaveProperty('clientSecret');
    expect(await within(card).findByText('the discovery document could not be reached')).toBeInTheDocument();
  });

  it('asks before removing it', async () => {
    const { sent } = api(SAVED);
    renderRoute('/acme/profiles/company');
    const card = await screen.findByTestId('sso-settings-card');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Remove single sign-on' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Your domains are released');
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', body: null }]));
  });

  it('is not shown to a sub-admin', async () => {
    api(SAVED, 3);
    renderRoute('/acme/profiles/company');
    expect(await screen.findByLabelText('Time zone')).toBeInTheDocument();
    expect(screen.queryByTestId('sso-settings-card')).toBeNull();
  });
});
