import { describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAnswers } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

describe('password form field errors', { timeout: 20_000 }, () => {
  it('says under each field what is missing or does not match', async () => {
    const calls = mockBff(signedInAnswers());
    renderRoute('/acme/profiles/password');
    const user = userEvent.setup();
    const current = await screen.findByLabelText('Current password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(current).toHaveAccessibleDescription('This field is required.');

    await user.type(current, 'old-one');
    await user.type(screen.getByLabelText('New password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Brand-new-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(current).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The two passwords do not match.');
    expect(calls.mock.calls.some(([url]) => String(url).includes('/password'))).toBe(false);
  });
});
