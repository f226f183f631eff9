import { describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
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
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: { ...company, website: 'https://acme.test' } } },
    'GET /bff/api/auth/me/profile': { body: { result: profile } },
    ...extra,
  });
}

const sentUpdate = (body: FormData) => JSON.parse(String(body.get('updateInfo'))) as Record<string, unknown>;

describe('company prefixes on the company profile', { timeout: 20_000 }, () => {
  it('sends the prefixes only when they changed', async () => {
    api();
    const sent = stubUpload(200, { result: company });
    renderRoute('/acme/profiles/company');
    const user = userEvent.setup();
    const prefixes = await screen.findByLabelText('GS1 company prefixes');
    expect(prefixes).toHaveValue('8801234, 8809999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/bff/api/auth/me/company-info' });
    expect(sentUpdate(sent[0].body)).not.toHaveProperty('gcps');

    await user.type(prefixes, ', 8805555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText('Your changes have been saved.');
    expect(sentUpdate(sent[1].body)).toMatchObject({ gcps: ['8801234', '8809999', '8805555'] });
  });

  it("shows a prefix that another company holds under the prefix field", async () => {
    api();
    stubUpload(400, {
      code: 'E400005',
      message: 'A company prefix you entered belongs to another company.',
      details: [{ path: 'updateInfo.gcps.2', message: 'The company prefix 0614141 is held by another company.' }],
    });
    renderRoute('/acme/profiles/company');
    const user = userEvent.setup();
    const prefixes = await screen.findByLabelText('GS1 company prefixes');
    await user.type(prefixes, ', 0614141');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('gcps-error')).toHaveTextContent('Already held by another company: 0614141.');
    expect(prefixes).toHaveAttribute('aria-invalid', 'true');
    expect(prefixes).toHaveAccessibleDescription(/0614141/);
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('A company prefix you entered belongs to another company.');
  });
});
