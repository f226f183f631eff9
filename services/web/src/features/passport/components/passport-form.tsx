import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { PASSPORT_TEMPLATES, type AccessLevel, type AccessOverrides, type PassportData } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Panel } from '@/features/passport/components/panel';
import { DocumentUpload } from '@/features/passport/components/document-upload';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Fieldset, FormSelect, Hint, Legend } from '@/components/ui/form-controls';
import { isApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { fileUrl } from '@/lib/files';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import type { MessageId } from '@/lib/i18n';
import { publishPassport, savePassportDraft, type PassportState } from '@/features/passport/api/passport-api';
import { AccessLevelSelect, PassportFieldInput, inputIdOf } from '@/features/passport/components/passport-field-input';
import { VersionReader } from '@/features/passport/components/version-reader';
import { BATTERY_GROUPS, CORE_GROUPS, DOCUMENT_KIND_OPTIONS, fieldLabel, type PassportGroup, type PassportList } from '@/features/passport/model/passport-fields';
import { cleanPassportValues, passportFormSchema, setAccessLevel, type PassportFormValues } from '@/features/passport/model/passport-form';

const MissingList = styled.ul`
  margin: 6px 0 0;
  padding-inline-start: 20px;
  a { color: inherit; font-weight: 600; }
`;

/** Scrolls to a field of the form and focuses it. */
function goToField(path: string) {
  const element = document.getElementById(inputIdOf(path));
  if (!element) return;
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: 4px 16px;
  min-width: 0;
`;

const RowCard = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 8px 12px;
  display: grid;
  gap: 4px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Versions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

/** A version's name, opening its read-only view: looks like the link it replaces. */
const VersionButton = styled.button`
  border: 0;
  padding: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

const Stack = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
`;

type AccessChange = (path: string, level: AccessLevel) => void;

function ListRows({ list, overrides, onAccessChange }: { list: PassportList; overrides: AccessOverrides; onAccessChange: AccessChange }) {
  const intl = useIntl();
  const { control } = useFormContext<PassportFormValues>();
  const rows = useFieldArray({ control, name: `data.${list.path}` as 'data.manufacturingFacilities' });
  const title = intl.formatMessage({ id: fieldLabel(list.path) });
  const testId = `passport-${list.path.replace(/\./g, '-')}`;
  return (
    <Fieldset>
      <Legend>{title}</Legend>
      <AccessLevelSelect path={list.access} label={title} overrides={overrides} onChange={onAccessChange} />
      {rows.fields.length === 0 ? (
        <Hint data-testid={`${testId}-empty`}>
          <FormattedMessage id="passport.list.empty" />
        </Hint>
      ) : null}
      {rows.fields.map((row, index) => (
        <RowCard key={row.id}>
          <Grid>
            {list.fields.map((field) => (
              <PassportFieldInput
                key={field.path}
                field={{ ...field, path: `${list.path}.${field.path}` }}
                name={`${list.path}.${index}.${field.path}`}
                overrides={overrides}
                onAccessChange={onAccessChange}
              />
            ))}
          </Grid>
          <Actions>
            <Button $variant="ghost" $size="sm" onClick={() => rows.remove(index)}>
              <FormattedMessage id="passport.list.remove" />
            </Button>
          </Actions>
        </RowCard>
      ))}
      <Actions>
        <Button $variant="outline" $size="sm" data-testid={`${testId}-add`} onClick={() => rows.append({} as never)}>
          <FormattedMessage id="passport.list.add" values={{ name: title }} />
        </Button>
      </Actions>
    </Fieldset>
  );
}

function Documents({ productId, overrides, onAccessChange }: { productId: number; overrides: AccessOverrides; onAccessChange: AccessChange }) {
  const intl = useIntl();
  const { control, register, formState } = useFormContext<PassportFormValues>();
  const rows = useFieldArray({ control, name: 'data.complianceDocuments' });
  const [kind, setKind] = useState<(typeof DOCUMENT_KIND_OPTIONS)[number]['value']>('declarationOfConformity');
  const errors = formState.errors.data?.complianceDocuments;


  const title = intl.formatMessage({ id: 'passport.field.complianceDocuments' });
  return (
    <Fieldset>
      <Legend>{title}</Legend>
      {DOCUMENT_KIND_OPTIONS.map((option) => (
        <AccessLevelSelect
          key={option.value}
          path={`complianceDocuments.${option.value}`}
          label={intl.formatMessage({ id: option.label })}
          overrides={overrides}
          onChange={onAccessChange}
        />
      ))}
      {rows.fields.length === 0 ? (
        <Hint data-testid="passport-documents-empty">
          <FormattedMessage id="passport.list.empty" />
        </Hint>
      ) : null}
      {rows.fields.map((row, index) => {
        const titleId = inputIdOf(`data.complianceDocuments.${index}.title`);
        const kindId = inputIdOf(`data.complianceDocuments.${index}.kind`);
        const error = errors?.[index]?.title?.message ?? errors?.[index]?.filePath?.message;
        return (
          <RowCard key={row.id} data-testid="passport-document">
            <Grid>
              <Field>
                <Label htmlFor={kindId}>{intl.formatMessage({ id: 'passport.documents.kind' })}</Label>
                <FormSelect id={kindId} {...register(`data.complianceDocuments.${index}.kind`)}>
                  {DOCUMENT_KIND_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {intl.formatMessage({ id: option.label })}
                    </option>
                  ))}
                </FormSelect>
              </Field>
              <Field>
                <Label htmlFor={titleId}>{intl.formatMessage({ id: 'passport.documents.title' })}</Label>
                <Input id={titleId} {...register(`data.complianceDocuments.${index}.title`)} {...fieldErrorProps(titleId, error)} />
                <FieldErrorSlot inputId={titleId} error={error} />
              </Field>
            </Grid>
            <Actions>
              <a href={fileUrl(row.filePath)} target="_blank" rel="noreferrer">
                <FormattedMessage id="passport.documents.open" />
              </a>
              <Button $variant="ghost" $size="sm" onClick={() => rows.remove(index)}>
                <FormattedMessage id="passport.list.remove" />
              </Button>
            </Actions>
          </RowCard>
        );
      })}
      <Field>
        <Label htmlFor="passport-document-kind">{intl.formatMessage({ id: 'passport.documents.newKind' })}</Label>
        <FormSelect id="passport-document-kind" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)}>
          {DOCUMENT_KIND_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {intl.formatMessage({ id: option.label })}
            </option>
          ))}
        </FormSelect>
      </Field>
      <DocumentUpload
        productId={productId}
        label={intl.formatMessage({ id: 'passport.documents.upload' })}
        testId="passport-document-upload"
        onStored={(path, file) => rows.append({ kind, title: file.name.replace(/\.[^.]+$/, ''), filePath: path })}
      />
    </Fieldset>
  );
}

function Group({ group, productId, overrides, onAccessChange }: { group: PassportGroup; productId: number; overrides: AccessOverrides; onAccessChange: AccessChange }) {
  return (
    <Panel data-testid={`passport-group-${group.id}`}>
      <Fieldset>
        <Legend>
          <FormattedMessage id={`passport.group.${group.id}` as MessageId} />
        </Legend>
        {group.fields.length ? (
          <Grid>
            {group.fields.map((field) => (
              <PassportFieldInput key={field.path} field={field} overrides={overrides} onAccessChange={onAccessChange} />
            ))}
          </Grid>
        ) : null}
        {group.documents ? <Documents productId={productId} overrides={overrides} onAccessChange={onAccessChange} /> : null}
        {group.lists?.map((list) => <ListRows key={list.path} list={list} overrides={overrides} onAccessChange={onAccessChange} />)}
      </Fieldset>
    </Panel>
  );
}

/** The passport step's form: template, the core groups (and the battery groups), save, publish and the published versions. */
export function PassportForm({ productId, passport, onSaved }: { productId: number; passport: PassportState; onSaved: () => Promise<unknown> }) {
  const intl = useIntl();
  const form = useForm<PassportFormValues>({
    resolver: formResolver(passportFormSchema as never),
    defaultValues: { template: passport.template, data: (passport.draft?.data ?? {}) as PassportData },
  });
  const [overrides, setOverrides] = useState<AccessOverrides>(passport.draft?.accessOverrides ?? {});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<MessageId | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PassportFormValues | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  // What a refused publish still needs (`data.` paths), listed beside the button; the first gets focus.
  const [missing, setMissing] = useState<string[]>([]);
  const [focusMissing, setFocusMissing] = useState(false);
  const template = useWatch({ control: form.control, name: 'template' });
  const groups = template === 'battery' ? [...CORE_GROUPS, ...BATTERY_GROUPS] : CORE_GROUPS;

  useEffect(() => setNotice(null), [template]);

  // Once the confirmation has closed (and given focus back), the first missing field takes it.
  useEffect(() => {
    if (!focusMissing || confirm !== null || missing.length === 0) return;
    setFocusMissing(false);
    goToField(missing[0]!);
  }, [focusMissing, confirm, missing]);

  const onAccessChange: AccessChange = (path, level) => setOverrides((current) => setAccessLevel(current, path, level));

  async function save(values: PassportFormValues): Promise<boolean> {
    setProblem(null);
    setNotice(null);
    try {
      const clean = cleanPassportValues(values);
      await savePassportDraft({ productId, template: clean.template, data: clean.data, accessOverrides: overrides as Record<string, AccessLevel> });
      await onSaved();
      return true;
    } catch (cause) {
      if (!showApiFieldErrors(cause, { data: true, template: true }, form.setError)) setProblem(apiErrorMessage(intl, cause));
      return false;
    }
  }

  const onSave = form.handleSubmit(async (values) => {
    setSaving(true);
    if (await save(values)) setNotice('passport.saved');
    setSaving(false);
  });

  const onPublish = form.handleSubmit((values) => setConfirm(values));

  async function publish(values: PassportFormValues) {
    setMissing([]);
    if (!(await save(values))) return;
    try {
      await publishPassport(productId);
      await onSaved();
      setNotice('passport.published');
    } catch (cause) {
      if (!showApiFieldErrors(cause, { data: true, template: true }, form.setError)) {
        setProblem(apiErrorMessage(intl, cause));
        return;
      }
      const paths = isApiError(cause) ? ((cause.details ?? []) as { path?: string }[]).flatMap((detail) => (detail.path?.startsWith('data.') ? [detail.path] : [])) : [];
      setMissing([...new Set(paths)]);
      setFocusMissing(true);
    }
  }

  const published = passport.versions.filter((item) => item.status === 'published');
  const templateId = 'passport-template';
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSave(event)} data-testid="passport-form">
        <Stack>
          <Panel>
            <Fieldset>
              <Legend>
                <FormattedMessage id="passport.title" />
              </Legend>
              <Hint>
                <FormattedMessage id="passport.hint" />
              </Hint>
              <Field>
                <Label htmlFor={templateId}>{intl.formatMessage({ id: 'passport.template' })}</Label>
                <FormSelect id={templateId} {...form.register('template')} {...fieldErrorProps(templateId, form.formState.errors.template?.message)}>
                  {PASSPORT_TEMPLATES.map((item) => (
                    <option key={item} value={item}>
                      {intl.formatMessage({ id: `passport.template.${item}` as MessageId })}
                    </option>
                  ))}
                </FormSelect>
              </Field>
            </Fieldset>
          </Panel>
          {groups.map((group) => (
            <Group key={group.id} group={group} productId={productId} overrides={overrides} onAccessChange={onAccessChange} />
          ))}
          {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
          {missing.length > 0 ? (
            <FormAlert role="alert" data-testid="passport-publish-missing">
              <FormattedMessage id="passport.publish.missing" values={{ count: missing.length }} />
              <MissingList>
                {missing.map((path) => (
                  <li key={path}>
                    <a
                      href={`#${inputIdOf(path)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        goToField(path);
                      }}
                    >
                      {intl.formatMessage({ id: fieldLabel(path.slice('data.'.length)) })}
                    </a>
                  </li>
                ))}
              </MissingList>
            </FormAlert>
          ) : null}
          {notice ? (
            <Hint role="status" data-testid="passport-notice">
              <FormattedMessage id={notice} />
            </Hint>
          ) : null}
          <Actions>
            <Button type="submit" $variant="outline" disabled={saving} data-testid="passport-save">
              <FormattedMessage id="passport.saveDraft" />
            </Button>
            <Button $variant="primary" disabled={saving} data-testid="passport-publish" onClick={() => void onPublish()}>
              <FormattedMessage id="passport.publish" />
            </Button>
          </Actions>
          <Panel>
            <Fieldset>
              <Legend>
                <FormattedMessage id="passport.versions" />
              </Legend>
              {published.length === 0 ? (
                <Hint data-testid="passport-versions-empty">
                  <FormattedMessage id="passport.versions.empty" />
                </Hint>
              ) : (
                <Versions data-testid="passport-versions">
                  {published.map((item) => (
                    <li key={item.version}>
                      <VersionButton type="button" data-testid="passport-version-read" onClick={() => setReading(item.version)}>
                        <FormattedMessage id="passport.versions.item" values={{ version: item.version }} />
                      </VersionButton>{' '}
                      {item.publishedAt ? <FormattedDate value={item.publishedAt} dateStyle="medium" timeStyle="short" /> : null}
                    </li>
                  ))}
                </Versions>
              )}
            </Fieldset>
          </Panel>
        </Stack>
      </form>
      <VersionReader productId={productId} version={reading} template={passport.template} onClose={() => setReading(null)} />
      <ConfirmDialog
        payload={confirm}
        onConfirm={publish}
        onClose={() => setConfirm(null)}
        title={<FormattedMessage id="passport.publish.confirmTitle" />}
        description={<FormattedMessage id="passport.publish.confirmText" />}
        confirmLabel={<FormattedMessage id="passport.publish" />}
      />
    </FormProvider>
  );
}
