import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { company, makePlan, makeSession, profile, projects } from '@/testing/fixtures';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

function api(extra: Parameters<typeof mockBff>[0] = {}) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': {
      body: { result: makePlan({ planName: 'Starter', services: ['DL'], usage: { product: 16, subAdmin: 1 }, limits: { product: 20, link: 5, subAdmin: 2 }, subscription: { startDate: '2026-01-01', endDate: null, status: 'active' } }) },
    },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    'GET /bff/api/auth/me/profile': { body: { result: profile } },
    ...extra,
  });
}

describe('profile pages', { timeout: 20_000 }, () => {
  it('saves the basic information as multipart updateInfo', async () => {
    api();
    const sent = stubUpload(200, { result: { ...profile, mobile: '+1 555 0142', showDefaultPage: false } });
    renderRoute('/acme/profiles/basic');
    const user = userEvent.setup();
    const mobile = await screen.findByLabelText('Mobile');
    await user.type(mobile, '+1 555 0142');
    await user.click(screen.getByLabelText(/Open the overview after sign-in/));
    expect(screen.getByLabelText('Language of e-mails')).toHaveValue('en');
    await user.selectOptions(screen.getByLabelText('Language of e-mails'), 'ja');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/bff/api/auth/me/profile' });
    expect(JSON.parse(String(sent[0].body.get('updateInfo')))).toMatchObject({ first_name: 'Jane', mobile: '+1 555 0142', showDefaultPage: false, language: 'ja' });
  });

  it('sends the profile picture picked in the drop zone and clears it once saved', async () => {
    api();
    const sent = stubUpload(200, { result: profile });
    renderRoute('/acme/profiles/basic');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Profile picture'), new File([new Uint8Array(8)], 'me.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'me.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    const image = sent[0].body.get('profileImage');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('me.png');
    await waitFor(() => expect(screen.queryByRole('img', { name: 'me.png' })).not.toBeInTheDocument());
  });

  it('shows a wrong current password next to the form', async () => {
    api({ 'PUT /bff/api/auth/me/password': { status: 400, body: { code: 'E400003', message: 'The current password is incorrect.' } } });
    renderRoute('/acme/profiles/password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is incorrect.');
  });

  it('shows the plan and its usage on the subscription tab, with the tabs as links', async () => {
    api();
    renderRoute('/acme/profiles/subscription');
    expect(await screen.findByTestId('subscription')).toHaveTextContent('Starter');
    expect(screen.getByText('Products: 16 of 20')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/acme/settings/pricing');
    expect(screen.getByTestId('profile-tab-company')).toHaveAttribute('href', '/acme/profiles/company');
  });

  it('shows 404 for an unknown profile tab', async () => {
    api();
    renderRoute('/acme/profiles/unknown');
    expect(await screen.findByRole('heading', { name: "Error 404 - This page doesn't exist!" })).toBeInTheDocument();
  });
});

describe('pricing page', { timeout: 20_000 }, () => {
  it('lists the plans and marks the current one', async () => {
    api({
      '/bff/api/service/plan/list': {
        body: {
          result: [
            { planId: 1, planName: 'Starter', services: ['DL'], limits: { product: 20, link: 5, subAdmin: 2 }, current: true },
            { planId: 2, planName: 'Business', services: ['DL', 'DPP'], limits: { product: 100, link: 10, subAdmin: 5 }, current: false },
          ],
        },
      },
    });
    renderRoute('/acme/settings/pricing');
    const starter = await screen.findByTestId('plan-Starter');
    await waitFor(() => expect(starter).toHaveTextContent('Current plan'));
    expect(starter).toHaveTextContent('20 products');
    expect(screen.getByTestId('plan-Business')).toHaveTextContent('Digital Product Passport and traceability');
    expect(screen.getByTestId('plan-Business')).not.toHaveAttribute('aria-current');
  });
});
