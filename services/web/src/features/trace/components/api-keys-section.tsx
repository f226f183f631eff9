import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiKeyCreateSchema, epcisSampleCaptureText, type ApiKey, type ApiKeyCreated } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyableUri } from '@/components/copyable-uri';
import { AlertIcon, LockIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Hint } from '@/components/ui/form-controls';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { showSnackbar } from '@/lib/snackbar';
import { createApiKey, revokeApiKey, useApiKeys } from '@/features/trace/api/api-keys';
import { EpcisSubscriptions } from '@/features/trace/components/epcis-subscriptions';
import { usePublicOrigin } from '@/lib/company-info';

const Intro = styled.div`
  padding: 16px 22px;
  display: grid;
  gap: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 14px; }
`;

const CreateForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 8px;
  > div { flex: 1 1 240px; max-width: 360px; }
  button { margin-top: 25px; }
`;

const Warning = styled.p`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: 12px 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  svg { flex: none; color: ${({ theme }) => theme.colors.warning}; margin-top: 2px; }
`;

const Shown = styled.div`
  display: grid;
  gap: 8px;
  margin-top: 12px;
  h3 { font-size: 13px; font-weight: 600; margin: 0; }
`;

/** The sample document is shown as it is pasted: several lines, scrolled when long. */
const Sample = styled.div`
  code { white-space: pre; overflow: auto; max-height: 220px; }
`;

/** The EPCIS 2.0 REST bindings' OpenAPI, as GS1 publishes it with the standard's artefacts. */
export const EPCIS_OPENAPI_URL = 'https://ref.gs1.org/standards/epcis/artefacts';

/** Where machine clients send EPCIS documents: the gateway's capture endpoint on the product's public address. */
export const captureAddress = (origin: string) => `${origin}/epcis/capture`;

/** A curl call that captures a document with the key, to paste into a terminal. */
export const curlExample = (origin: string, key: string) =>
  `curl -X POST '${captureAddress(origin)}' -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/ld+json' --data @epcis-document.jsonld`;

const nameFields = { name: true } as const;

/**
 * API keys of machine clients (scanners, ERPs, partners) capturing EPCIS events: listed without
 * the keys, created (the key shown once, with the capture address and an example), revoked after
 * a confirmation naming the key.
 */
export function ApiKeysSection() {
  const intl = useIntl();
  const origin = usePublicOrigin();
  const keys = useApiKeys();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ name: string }>({ resolver: formResolver(apiKeyCreateSchema), defaultValues: { name: '' } });
  const nameError = form.formState.errors.name?.message;

  const onCreate = form.handleSubmit(async ({ name }) => {
    setProblem(null);
    try {
      setCreated(await createApiKey(name));
      form.reset({ name: '' });
      await keys.mutate();
    } catch (cause) {
      if (!showApiFieldErrors(cause, nameFields, form.setError)) setProblem(apiErrorMessage(intl, cause));
    }
  });

  async function revoke(key: ApiKey) {
    try {
      await revokeApiKey(key.apiKeyId);
      showSnackbar(intl.formatMessage({ id: 'apiKeys.revoked' }, { name: key.name }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      await keys.mutate();
    }
  }

  const dateTime = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <div>
          <CardTitle>
            <FormattedMessage id="apiKeys.title" />
          </CardTitle>
          <Hint>
            <FormattedMessage id="apiKeys.subtitle" />
          </Hint>
        </div>
      </CardHeader>
      <Intro>
        <p>
          <FormattedMessage id="apiKeys.intro" />
        </p>
        <CopyableUri uri={captureAddress(origin)} testId="api-keys-capture-address" />
        <CreateForm noValidate onSubmit={(event) => void onCreate(event)} data-testid="api-key-form">
          <Field>
            <Label htmlFor="api-key-name">
              <FormattedMessage id="apiKeys.name" />
            </Label>
            <Input id="api-key-name" placeholder={intl.formatMessage({ id: 'apiKeys.namePlaceholder' })} {...form.register('name')} {...fieldErrorProps('api-key-name', nameError)} />
            <FieldErrorSlot inputId="api-key-name" error={nameError} testId="api-key-name-error" />
          </Field>
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="api-key-create">
            <LockIcon size={16} />
            <FormattedMessage id="apiKeys.create" />
          </Button>
        </CreateForm>
        {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
      </Intro>
      <ListBody
        items={keys.data?.result}
        error={keys.error}
        onRetry={() => void keys.mutate()}
        testId="api-key-list"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<LockIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="apiKeys.empty" />
          </p>
        }
      >
        {(items) => (
          <TableScroll>
            <Table>
              <ColumnHeads columns={['apiKeys.column.name', 'apiKeys.column.key', 'apiKeys.column.created', 'apiKeys.column.lastUsed']} actions />
              <tbody>
                {items.map((key) => (
                  <tr key={key.apiKeyId} data-testid="api-key">
                    <Cell>
                      <strong>{key.name}</strong>
                    </Cell>
                    <Cell label="apiKeys.column.key">
                      <Mono>{key.prefix}…</Mono>
                    </Cell>
                    <Cell label="apiKeys.column.created">
                      {key.createdBy ? (
                        <FormattedMessage id="apiKeys.createdBy" values={{ user: key.createdBy, date: dateTime(key.createdAt) }} />
                      ) : (
                        dateTime(key.createdAt)
                      )}
                    </Cell>
                    <Cell label="apiKeys.column.lastUsed">{key.lastUsedAt ? dateTime(key.lastUsedAt) : <FormattedMessage id="apiKeys.neverUsed" />}</Cell>
                    <Cell>
                      <Button $variant="ghost" $size="sm" onClick={() => setRevoking(key)} data-testid="api-key-revoke">
                        <FormattedMessage id="apiKeys.revoke" />
                      </Button>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>

      <EpcisSubscriptions />

      <DialogRoot open={created !== null} onOpenChange={(open) => !open && setCreated(null)}>
        <DialogPortal>
          <DialogOverlay />
          <DialogContent $width={640} data-testid="api-key-created">
            <DialogTitle>
              <FormattedMessage id="apiKeys.createdTitle" values={{ name: created?.name ?? '' }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage id="apiKeys.createdText" />
            </DialogDescription>
            <Warning role="note">
              <AlertIcon size={16} />
              <FormattedMessage id="apiKeys.shownOnce" />
            </Warning>
            {created ? (
              <>
                <CopyableUri uri={created.key} testId="api-key-value" />
                <Shown>
                  <h3>
                    <FormattedMessage id="apiKeys.captureAddress" />
                  </h3>
                  <CopyableUri uri={captureAddress(origin)} testId="api-key-capture-address" />
                  <h3>
                    <FormattedMessage id="apiKeys.curlExample" />
                  </h3>
                  <CopyableUri uri={curlExample(origin, created.key)} testId="api-key-curl" />
                  <h3>
                    <FormattedMessage id="apiKeys.sampleDocument" />
                  </h3>
                  <Sample>
                    <CopyableUri uri={epcisSampleCaptureText()} testId="api-key-sample" />
                  </Sample>
                  <p>
                    <a href={EPCIS_OPENAPI_URL} target="_blank" rel="noopener noreferrer" data-testid="api-key-openapi">
                      <FormattedMessage id="apiKeys.openApi" />
                    </a>
                  </p>
                </Shown>
              </>
            ) : null}
            <DialogActions>
              <Button onClick={() => setCreated(null)} data-testid="api-key-done">
                <FormattedMessage id="apiKeys.done" />
              </Button>
            </DialogActions>
          </DialogContent>
        </DialogPortal>
      </DialogRoot>

      <ConfirmDialog
        payload={revoking}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
        title={<FormattedMessage id="apiKeys.revokeTitle" values={{ name: revoking?.name ?? '' }} />}
        description={<FormattedMessage id="apiKeys.revokeText" />}
        confirmLabel={<FormattedMessage id="apiKeys.revoke" />}
      />
    </Card>
  );
}
