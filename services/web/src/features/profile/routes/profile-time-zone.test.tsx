import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QUERY_STALE_TIME_MS } from '@product-console/shared';
import userEvent from '@testing-library/user-event';
import { company, makePlan, makeSession, profile, projects } from '@/testing/fixtures';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff, renderRoute } from '@/testing/test-utils';

function api(timeZone: string, analyticsRebuild: object | null = null) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: { ...company, website: 'https://acme.test', timeZone, analyticsRebuild } } },
    'GET /bff/api/auth/me/profile': { body: { result: profile } },
  });
}

describe("the company's time zone", { timeout: 20_000 }, () => {
  it('shows the current zone (UTC at first) and saves another with the profile', async () => {
    api('UTC');
    const sent = stubUpload(200, { result: { ...company, timeZone: 'Europe/Berlin' } });
    renderRoute('/acme/profiles/company');
    const user = userEvent.setup();
    const zone = await screen.findByLabelText('Time zone');
    expect(zone).toHaveValue('UTC');
    expect(zone).toHaveAccessibleDescription('Analytics count days in this time zone. A change regroups the scans already counted by the new days, in the background: the figures settle once it is done.');
    expect(screen.getByRole('option', { name: 'America/Los Angeles' })).toBeInTheDocument();

    await user.selectOptions(zone, 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(JSON.parse(String(sent[0]?.body.get('updateInfo')))).toMatchObject({ timeZone: 'Europe/Berlin' });
  });

  it('keeps a zone the company already has', async () => {
    api('Asia/Seoul');
    renderRoute('/acme/profiles/company');
    expect(await screen.findByLabelText('Time zone')).toHaveValue('Asia/Seoul');
  });

  it('shows how far the regrouping into a new zone is', async () => {
    api('Asia/Tokyo', { status: 'running', timeZone: 'Asia/Tokyo', step: 2, steps: 5, requestedAt: '2026-11-28T04:00:00Z', startedAt: '2026-11-28T04:00:01Z' });
    renderRoute('/acme/profiles/company');
    const status = await screen.findByTestId('analytics-rebuild');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('Regrouping the analytics into Asia/Tokyo: step 2 of 5.');
    expect(screen.getByRole('progressbar', { name: 'Regrouping the analytics into Asia/Tokyo: step 2 of 5.' })).toHaveAttribute('value', '2');
  });

  it('follows the regrouping until it is done, asking the API again each time', async () => {
    const answers = [
      { status: 'running', timeZone: 'Asia/Tokyo', step: 2, steps: 5, requestedAt: '2026-11-28T04:00:00Z', startedAt: '2026-11-28T04:00:01Z' },
      { status: 'running', timeZone: 'Asia/Tokyo', step: 4, steps: 5, requestedAt: '2026-11-28T04:00:00Z', startedAt: '2026-11-28T04:00:01Z' },
      null,
    ];
    let reads = 0;
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
      '/bff/api/project/all': { body: { result: projects } },
      '/bff/api/service/plan/info': { body: { result: makePlan() } },
      '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
      '/bff/api/auth/me/company-info': () => ({
        body: { result: { ...company, timeZone: 'Asia/Tokyo', analyticsRebuild: answers[Math.min(reads++, answers.length - 1)] } },
      }),
      'GET /bff/api/auth/me/profile': { body: { result: profile } },
    });
    // The app's own deduplication window: the polls must still reach the API.
    renderRoute('/acme/profiles/company', { swr: { dedupingInterval: QUERY_STALE_TIME_MS } });
    expect(await screen.findByTestId('analytics-rebuild')).toHaveTextContent('step 2 of 5');
    await waitFor(() => expect(screen.getByTestId('analytics-rebuild')).toHaveTextContent('step 4 of 5'), { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByTestId('analytics-rebuild')).toBeNull(), { timeout: 5_000 });
  });

  it('says when the regrouping failed and how to retry', async () => {
    api('Asia/Tokyo', { status: 'failed', timeZone: 'Asia/Tokyo', step: 0, steps: 0, requestedAt: '2026-11-28T04:00:00Z', startedAt: null });
    renderRoute('/acme/profiles/company');
    const status = await screen.findByTestId('analytics-rebuild');
    expect(status).toHaveAttribute('role', 'alert');
    expect(status).toHaveTextContent('Regrouping the analytics into Asia/Tokyo failed. Save the time zone again to retry.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
