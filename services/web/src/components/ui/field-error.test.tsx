import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { ApiError } from '@/lib/api-client';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { renderWithProviders } from '@/testing/test-utils';

const schema = z.object({ email: z.email(), name: z.string().max(5) });

/** A form as the console builds them: the shared resolver, the API's details through the same path. */
function Harness({ refusal }: { refusal?: ApiError }) {
  const { register, handleSubmit, formState, setError } = useForm({ resolver: formResolver(schema), defaultValues: { email: '', name: '' } });
  const submit = handleSubmit(() => {
    if (refusal) showApiFieldErrors(refusal, schema.shape, setError);
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor="email">E-mail</label>
      <Input id="email" {...register('email')} {...fieldErrorProps('email', formState.errors.email?.message)} />
      <FieldErrorSlot inputId="email" error={formState.errors.email?.message} />
      <label htmlFor="name">Name</label>
      <Input id="name" {...register('name')} {...fieldErrorProps('name', formState.errors.name?.message)} />
      <FieldErrorSlot inputId="name" error={formState.errors.name?.message} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('FieldErrorSlot', () => {
  it('shows the error under the field, announced and tied to the input', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'false');
    await user.type(screen.getByLabelText('E-mail'), 'a@');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check the format, for example name@example.com.');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Check the format, for example name@example.com.');
  });

  it("puts the API's details on their fields, worded by code, else in the API's words", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(400, {
      code: 'E400001',
      message: 'Validation failed',
      details: [
        { path: 'body.name', message: 'Too big', code: 'too_big', maximum: 5, origin: 'string' },
        { path: 'email', message: 'This address is taken' },
        { path: 'unknown', message: 'ignored' },
      ],
    });
    renderWithProviders(<Harness refusal={refusal} />);
    await user.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Use at most 5 characters.'));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This address is taken');
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
