import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { projects } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { MoveDialog } from '@/features/products/components/move-dialog';

describe('MoveDialog', () => {
  it('moves to the chosen project and closes', async () => {
    const onMove = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MoveDialog productIds={[5, 6]} projects={projects} onMove={onMove} onClose={onClose} />);
    const dialog = await screen.findByTestId('move-dialog');
    await user.selectOptions(within(dialog).getByLabelText('Target project'), 'Outdoor');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith([5, 6], 12));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the API's detail on the target under the project choice and stays open", async () => {
    const refused = new ApiError(400, {
      code: 'E400001',
      message: 'Validation failed',
      details: [{ path: 'targetProjectId', message: 'Too small', code: 'too_small', minimum: 1, origin: 'number' }],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MoveDialog productIds={[5]} projects={projects} currentProjectId={11} onMove={vi.fn().mockRejectedValue(refused)} onClose={onClose} />);
    const dialog = await screen.findByTestId('move-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const target = within(dialog).getByLabelText('Target project');
    await waitFor(() => expect(target).toHaveAttribute('aria-invalid', 'true'));
    expect(target).toHaveAccessibleDescription('Enter a value of at least 1.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when there is no other project to move to', async () => {
    renderWithProviders(<MoveDialog productIds={[5]} projects={projects.slice(0, 1)} currentProjectId={11} onMove={vi.fn()} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('move-dialog');
    expect(within(dialog).getByTestId('move-no-target')).toHaveTextContent('There is no other project to move the products to.');
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
  });
});
