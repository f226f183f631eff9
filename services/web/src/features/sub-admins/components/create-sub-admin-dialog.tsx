import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { PASSWORD_MIN_LENGTH } from '@product-console/shared';
import { AlertIcon } from '@/components/icons';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, formControlErrors } from '@/lib/field-errors';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { createSubAdmin, inviteSubAdmin } from '@/features/sub-admins/api/sub-admins';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
  margin-top: 16px;
`;

const NameRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;

/** The API's names of the fields (in the multipart `newUser` JSON) and the form's. */
const API_FIELDS: Record<string, string> = {
  'newUser.first_name': 'firstName',
  'newUser.last_name': 'lastName',
  'newUser.email': 'email',
  'newUser.department': 'department',
  'newUser.password': 'password',
};

interface CreateSubAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (invited: boolean) => void;
}

/** New sub-admin: with a password it can sign in at once; without one an invitation is mailed. */
export function CreateSubAdminDialog({ open, onOpenChange, onCreated }: CreateSubAdminDialogProps) {
  const intl = useIntl();
  const ids = { first: useId(), last: useId(), department: useId(), email: useId(), password: useId() };
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const sendOnce = useIdempotentSubmit();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = formControlErrors(event.currentTarget);
    setFieldErrors(refused);
    if (Object.keys(refused).length > 0) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const password = String(data.get('password') ?? '');
    setSaving(true);
    setError(null);
    try {
      const newUser = {
        first_name: text('firstName'),
        last_name: text('lastName'),
        department: text('department'),
        email: text('email'),
        ...(password ? { password } : {}),
      };
      // The invitation is part of the submit: resent after it failed, the create answers as before and the invitation goes out.
      await sendOnce(newUser, async (idempotencyKey) => {
        const { result } = await createSubAdmin(newUser, idempotencyKey);
        if (!password) await inviteSubAdmin(result.user_id);
      });
      onCreated(!password);
      onOpenChange(false);
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setFieldErrors(apiFieldErrors(cause, API_FIELDS));
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogRoot open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="create-sub-admin-dialog" $width={520}>
          <DialogTitle>
            <FormattedMessage id="subAdmins.createTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="subAdmins.createHint" />
          </DialogDescription>
          <Form onSubmit={(event) => void onSubmit(event)} noValidate>
            {error ? (
              <FormAlert role="alert">
                <AlertIcon size={18} />
                <span>{error}</span>
              </FormAlert>
            ) : null}
            <NameRow>
              <Field>
                <Label htmlFor={ids.first}><FormattedMessage id="account.firstName" /></Label>
                <Input id={ids.first} name="firstName" required maxLength={100} {...fieldErrorProps(ids.first, fieldErrors.firstName)} />
                <FieldErrorSlot inputId={ids.first} error={fieldErrors.firstName} />
              </Field>
              <Field>
                <Label htmlFor={ids.last}><FormattedMessage id="account.lastName" /></Label>
                <Input id={ids.last} name="lastName" required maxLength={100} {...fieldErrorProps(ids.last, fieldErrors.lastName)} />
                <FieldErrorSlot inputId={ids.last} error={fieldErrors.lastName} />
              </Field>
            </NameRow>
            <Field>
              <Label htmlFor={ids.email}><FormattedMessage id="login.email" /></Label>
              <Input id={ids.email} name="email" type="email" required {...fieldErrorProps(ids.email, fieldErrors.email)} />
              <FieldErrorSlot inputId={ids.email} error={fieldErrors.email} />
            </Field>
            <Field>
              <Label htmlFor={ids.department}><FormattedMessage id="account.department" /></Label>
              <Input id={ids.department} name="department" maxLength={100} {...fieldErrorProps(ids.department, fieldErrors.department)} />
              <FieldErrorSlot inputId={ids.department} error={fieldErrors.department} />
            </Field>
            <Field>
              <Label htmlFor={ids.password}><FormattedMessage id="subAdmins.passwordOptional" /></Label>
              <PasswordInput
                id={ids.password}
                name="password"
                minLength={PASSWORD_MIN_LENGTH}
                autoComplete="new-password"
                {...fieldErrorProps(ids.password, fieldErrors.password)}
              />
              <FieldErrorSlot inputId={ids.password} error={fieldErrors.password} />
            </Field>
            <DialogActions>
              <Button $variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={saving} aria-busy={saving}>
                {saving ? <Spinner size={16} /> : null}
                <FormattedMessage id="subAdmins.create" />
              </Button>
            </DialogActions>
          </Form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
