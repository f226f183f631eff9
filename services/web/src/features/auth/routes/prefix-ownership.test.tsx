import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerListItem } from '@product-console/shared';
import { makeSession } from '@/testing/fixtures';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const SIGNED_OUT = { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } };

describe('company prefixes another company holds', { timeout: 20_000 }, () => {
  it('shows the refused prefix under the prefix field of the registration form', async () => {
    mockBff({
      '/bff/auth/me': SIGNED_OUT,
      '/bff/public/auth/service-name/check': { body: { available: true, reason: null } },
    });
    stubUpload(400, {
      code: 'E400005',
      message: 'A company prefix you entered belongs to another company.',
      details: [{ path: 'newUser.gcps.1', message: 'The company prefix 06141419 overlaps 0614141, held by another company.' }],
    });
    renderRoute('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Company name'), 'Squat Co');
    await user.type(screen.getByLabelText('Service name'), 'squat');
    const prefixes = screen.getByLabelText('GS1 company prefixes');
    await user.type(prefixes, '7000001, 06141419');
    await user.type(screen.getByLabelText('First name'), 'S');
    await user.type(screen.getByLabelText('Last name'), 'Q');
    await user.type(screen.getByLabelText('Email address'), 's@squat.test');
    await user.type(screen.getByLabelText('Password'), 'Squat-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Squat-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('gcps-error')).toHaveTextContent('Already held by another company: 06141419.');
    expect(prefixes).toHaveAttribute('aria-invalid', 'true');
    expect(prefixes).toHaveAccessibleDescription(/06141419/);
    expect(screen.getByTestId('form-error')).toHaveTextContent('A company prefix you entered belongs to another company.');
  });

  it('warns on /switch and does not offer to approve a company overlapping an approved one', async () => {
    const customers: CustomerListItem[] = [
      {
        customerId: 1, permission: true, companyName: 'Acme Outdoor', serviceName: 'acme', planName: 'Business', services: ['DL'], createdAt: '2026-01-01T00:00:00Z',
        gcps: ['0614141'],
        prefixConflicts: [{ prefix: '0614141', heldPrefix: '06141419', customerId: 3, companyName: 'Squat Co', approved: false }],
      },
      {
        customerId: 3, permission: false, companyName: 'Squat Co', serviceName: 'squat', planName: 'Starter', services: ['DL'], createdAt: '2026-01-02T00:00:00Z',
        gcps: ['06141419'],
        prefixConflicts: [{ prefix: '06141419', heldPrefix: '0614141', customerId: 1, companyName: 'Acme Outdoor', approved: true }],
      },
      {
        customerId: 4, permission: false, companyName: 'Fresh Ltd', serviceName: 'fresh', planName: 'Starter', services: ['DL'], createdAt: '2026-01-03T00:00:00Z',
        gcps: ['7000003'],
        prefixConflicts: [{ prefix: '7000003', heldPrefix: '70000031', customerId: 5, companyName: 'Other Pending', approved: false }],
      },
    ];
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId: 1, serviceName: '', companyName: '' }) },
      '/bff/api/service/super/customer/list': { body: { result: customers } },
    });
    renderRoute('/switch');

    const squat = await screen.findByTestId('customer-squat');
    expect(squat).toHaveTextContent('06141419');
    expect(within(squat).getByRole('note', { name: 'Prefix conflicts of Squat Co' })).toHaveTextContent(
      '06141419 overlaps 0614141 of Acme Outdoor, an approved company.',
    );
    const approve = within(squat).getByRole('button', { name: 'Approve Squat Co' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription("Cannot be approved while one of its prefixes overlaps an approved company's.");

    // A conflict with a company that is itself waiting holds nothing yet: approval stays possible.
    const fresh = screen.getByTestId('customer-fresh');
    expect(within(fresh).getByTestId('prefix-conflicts')).toHaveTextContent('7000003 overlaps 70000031, also claimed by Other Pending, which is waiting for approval.');
    expect(within(fresh).getByRole('button', { name: 'Approve Fresh Ltd' })).toBeEnabled();

    expect(within(screen.getByTestId('customer-acme')).getByTestId('prefix-conflicts')).toHaveTextContent('also claimed by Squat Co');
  });
});
