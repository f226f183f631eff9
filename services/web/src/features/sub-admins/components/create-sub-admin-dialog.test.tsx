import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { CreateSubAdminDialog } from '@/features/sub-admins/components/create-sub-admin-dialog';

describe('CreateSubAdminDialog field errors', () => {
  it("words the browser's checks and the API's details under the fields, in the UI language", async () => {
    mockBff({
      'POST /bff/api/auth/sub-admin/up': {
        status: 400,
        body: {
          code: 'E400001',
          message: 'Validation failed',
          details: [{ path: 'newUser.department', message: 'Too big', code: 'too_big', maximum: 100, origin: 'string' }],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateSubAdminDialog open onOpenChange={vi.fn()} onCreated={vi.fn()} />);
    const dialog = await screen.findByTestId('create-sub-admin-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText('First name')).toHaveAccessibleDescription('This field is required.');
    expect(within(dialog).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('First name'), 'Nia');
    await user.type(within(dialog).getByLabelText('Last name'), 'New');
    await user.type(within(dialog).getByLabelText('Email address'), 'nia@');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription('Check the format, for example name@example.com.');
    expect(within(dialog).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'false');

    await user.type(within(dialog).getByLabelText('Email address'), 'acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Department')).toHaveAccessibleDescription('Use at most 100 characters.'));
  });
});
