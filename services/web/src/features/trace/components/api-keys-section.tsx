import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { API_SCOPE_GROUPS, API_SCOPES, apiKeyCreateSchema, EPCIS_SCOPES, epcisSampleCaptureText, scopeResource, type ApiKey, type ApiKeyCreated, type ApiScope } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyableUri } from '@/components/copyable-uri';
import { AlertIcon, LockIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
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
import type { MessageId } from '@/lib/i18n';
import { useProjects } from '@/lib/projects';

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

/** The public REST API's reference page, on the product's public address. */
export const publicApiDocsAddress = (origin: string) => `${origin}/api/v1/docs`;

/** The form's values: the expiry is a calendar day (the key works through that day), the project a select's value. */
const keyFormSchema = z.object({
  name: apiKeyCreateSchema.shape.name,
  scopes: z.array(z.enum(API_SCOPES)).min(1),
  projectId: z.string(),
  expiresOn: z.string(),
});
type KeyForm = z.input<typeof keyFormSchema>;

const formFields = { name: true, scopes: true } as const;

/** The last moment of a calendar day in the browser's time zone, as the API takes it. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
/** Tomorrow as `YYYY-MM-DD`: the first day a key may expire on. */
function tomorrow(): string {
  const date = new Date(Date.now() + 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const Options = styled.div`
  /* A row of its own under the name, not one of the form's narrow fields. */
  && { flex: 1 1 100%; max-width: none; }
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Scopes = styled.fieldset`
  grid-column: 1 / -1;
  margin: 0;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  legend { font-size: 13px; font-weight: 600; padding: 0 4px; }
  p { font-size: 13px; }
`;

const ScopeGroups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 6px 24px;
  margin-top: 6px;
  fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
  fieldset legend { font-weight: 600; font-size: 13px; padding: 0; width: 140px; float: left; }
  label { display: inline-flex; gap: 4px; align-items: center; font-size: 13px; cursor: pointer; }
  input:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const ScopeList = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
  code { font-family: inherit; font-size: 12px; white-space: nowrap; padding: 1px 6px; border-radius: 4px; background: ${({ theme }) => theme.colors.surfaceMuted}; border: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const RESOURCE_LABELS: Record<string, MessageId> = {
  projects: 'apiKeys.resource.projects',
  products: 'apiKeys.resource.products',
  batches: 'apiKeys.resource.batches',
  serials: 'apiKeys.resource.serials',
  links: 'apiKeys.resource.links',
  content: 'apiKeys.resource.content',
  passports: 'apiKeys.resource.passports',
  recalls: 'apiKeys.resource.recalls',
  places: 'apiKeys.resource.places',
  epcis: 'apiKeys.resource.epcis',
  webhooks: 'apiKeys.resource.webhooks',
};
const ACCESS_LABELS: Record<string, MessageId> = {
  read: 'apiKeys.access.read',
  write: 'apiKeys.access.write',
  publish: 'apiKeys.access.publish',
  capture: 'apiKeys.access.capture',
  query: 'apiKeys.access.query',
};
const resourceLabel = (resource: string): MessageId => RESOURCE_LABELS[resource] ?? 'apiKeys.scopes';
const accessLabel = (scope: ApiScope): MessageId => ACCESS_LABELS[scope.slice(scope.indexOf(':') + 1)] ?? 'apiKeys.scopes';

/** `products:write` as the console words it: the resource's and the access's names. */
function ScopeName({ scope }: { scope: ApiScope }) {
  return (
    <FormattedMessage
      id="apiKeys.scopeName"
      values={{ resource: <FormattedMessage id={resourceLabel(scopeResource(scope))} />, access: <FormattedMessage id={accessLabel(scope)} /> }}
    />
  );
}

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
  const projects = useProjects();
  const defaults: KeyForm = { name: '', scopes: [...EPCIS_SCOPES], projectId: '', expiresOn: '' };
  const form = useForm<KeyForm, unknown, z.output<typeof keyFormSchema>>({ resolver: formResolver(keyFormSchema), defaultValues: defaults });
  const nameError = form.formState.errors.name?.message;
  const scopesError = form.formState.errors.scopes?.message ?? form.formState.errors.scopes?.root?.message;

  const onCreate = form.handleSubmit(async ({ name, scopes, projectId, expiresOn }) => {
    setProblem(null);
    try {
      setCreated(await createApiKey({ name, scopes, projectId: projectId ? Number(projectId) : null, expiresAt: expiresOn ? endOfDay(expiresOn) : null }));
      form.reset(defaults);
      await keys.mutate();
    } catch (cause) {
      if (!showApiFieldErrors(cause, formFields, form.setError)) setProblem(apiErrorMessage(intl, cause));
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
        <p>
          <FormattedMessage id="apiKeys.publicApi" />{' '}
          <a href={publicApiDocsAddress(origin)} target="_blank" rel="noopener noreferrer" data-testid="api-keys-public-api-docs">
            <FormattedMessage id="apiKeys.publicApiDocs" />
          </a>
        </p>
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
          <Options>
            <Field>
              <Label htmlFor="api-key-project">
                <FormattedMessage id="apiKeys.project" />
              </Label>
              <Select id="api-key-project" {...form.register('projectId')} data-testid="api-key-project">
                <option value="">{intl.formatMessage({ id: 'apiKeys.projectAll' })}</option>
                {(projects.data?.result ?? []).map((project) => (
                  <option key={project.project_id} value={String(project.project_id)}>
                    {project.project_name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field>
              <Label htmlFor="api-key-expires">
                <FormattedMessage id="apiKeys.expiry" />
              </Label>
              <Input id="api-key-expires" type="date" min={tomorrow()} {...form.register('expiresOn')} aria-describedby="api-key-expires-hint" data-testid="api-key-expires" />
              <Hint id="api-key-expires-hint">
                <FormattedMessage id="apiKeys.expiryHint" />
              </Hint>
            </Field>
            <Scopes data-testid="api-key-scopes" aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
              <legend>
                <FormattedMessage id="apiKeys.scopes" />
              </legend>
              <Hint>
                <FormattedMessage id="apiKeys.scopesHint" />
              </Hint>
              <ScopeGroups>
                {API_SCOPE_GROUPS.map((group) => (
                  <fieldset key={group.resource}>
                    <legend>
                      <FormattedMessage id={resourceLabel(group.resource)} />
                    </legend>
                    {group.scopes.map((scope) => (
                      <label key={scope}>
                        <input type="checkbox" value={scope} {...form.register('scopes')} data-testid={`api-key-scope-${scope}`} />
                        <FormattedMessage id={accessLabel(scope)} />
                      </label>
                    ))}
                  </fieldset>
                ))}
              </ScopeGroups>
              <FieldErrorSlot inputId="api-key-scopes" error={scopesError} testId="api-key-scopes-error" />
            </Scopes>
          </Options>
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
              <ColumnHeads
                columns={['apiKeys.column.name', 'apiKeys.column.key', 'apiKeys.column.scopes', 'apiKeys.column.project', 'apiKeys.column.expires', 'apiKeys.column.created', 'apiKeys.column.lastUsed']}
                actions
              />
              <tbody>
                {items.map((key) => (
                  <tr key={key.apiKeyId} data-testid="api-key">
                    <Cell>
                      <strong>{key.name}</strong>
                    </Cell>
                    <Cell label="apiKeys.column.key">
                      <Mono>{key.prefix}…</Mono>
                    </Cell>
                    <Cell label="apiKeys.column.scopes">
                      <ScopeList data-testid="api-key-scope-list">
                        {key.scopes.map((scope) => (
                          <code key={scope} title={scope}>
                            <ScopeName scope={scope} />
                          </code>
                        ))}
                      </ScopeList>
                    </Cell>
                    <Cell label="apiKeys.column.project">{key.projectName ?? <FormattedMessage id="apiKeys.projectAll" />}</Cell>
                    <Cell label="apiKeys.column.expires">{key.expiresAt ? dateTime(key.expiresAt) : <FormattedMessage id="apiKeys.noExpiry" />}</Cell>
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
