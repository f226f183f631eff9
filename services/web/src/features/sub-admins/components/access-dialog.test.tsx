import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubAdmin } from '@product-console/shared';
import { projects } from '@/testing/fixtures';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { AccessDialog } from '@/features/sub-admins/components/access-dialog';

const ina: SubAdmin = {
  user_id: 31,
  company_id: 1,
  first_name: 'Ina',
  last_name: 'Invited',
  department: '',
  email: 'ina@acme.test',
  active: { joined: true, invitedAt: null, expired: false },
  lastUpdated: '2026-01-01T00:00:00Z',
  projectIds: [],
};

const NO_ACCESS = { product: { r: false, w: false }, link: { r: false, w: false }, content: { r: false, w: false }, design: { r: false, w: false }, trace: { r: false, w: false } };

describe('AccessDialog field errors', () => {
  it("shows the API's 400 details under the project choice and under the matrix, and keeps the dialog open", async () => {
    mockBff({
      '/bff/api/project/all': { body: { result: projects } },
      'GET /bff/api/auth/sub-admin/access': { body: { accessInfo: NO_ACCESS } },
      'POST /bff/api/auth/sub-admin/access': {
        status: 400,
        body: {
          code: 'E400001',
          message: 'Validation failed',
          details: [
            { path: 'projectIds.0', message: 'Invalid input', code: 'invalid_type', input: 'x' },
            { path: 'accessInfo.trace.w', message: 'Invalid input', code: 'invalid_type' },
          ],
        },
      },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AccessDialog subAdmin={ina} onClose={vi.fn()} onSaved={onSaved} />);
    const dialog = await screen.findByTestId('access-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('access-product-w')).not.toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const project = within(dialog).getByLabelText('Project');
    await waitFor(() => expect(project).toHaveAttribute('aria-invalid', 'true'));
    expect(project).toHaveAccessibleDescription('This value is not valid.');
    expect(within(dialog).getByRole('table')).toHaveAccessibleDescription('This field is required.');
    expect(onSaved).not.toHaveBeenCalled();

    // Choosing another project starts again without the old errors.
    await user.selectOptions(project, 'Outdoor');
    expect(project).toHaveAttribute('aria-invalid', 'false');
  });
});
