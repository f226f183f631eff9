import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import type { Link } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';
import { updateLink, type LinkChanges } from '@/features/products/api/link-mutations';
import { CheckRow, FieldError, Stack } from '@/features/products/components/form-controls';
import { LINK_LANGUAGES, languageName } from '@/features/products/components/link-model';

/** What the link forms check before sending; the API checks again. */
export const linkTargetSchema = z.url({ protocol: /^https?$/, error: 'links.error.targetUrl' }).max(2_000, 'links.error.targetUrl');
export const linkTitleSchema = z.string().trim().min(1, 'links.error.title').max(200, 'links.error.title');

/** A form error: one of ours is a message id, one of the API's is already words. */
export function formErrorText(intl: IntlShape, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return message in intl.messages ? intl.formatMessage({ id: message as MessageId }) : message;
}

const editLinkSchema = z.object({
  title: linkTitleSchema,
  targetUrl: linkTargetSchema,
  lang: z.string(),
  isDefault: z.boolean(),
  modifiedTitle: z.array(z.object({ languageCode: z.string().min(1), inputData: z.string().trim().max(200) })),
});
type EditLinkValues = z.infer<typeof editLinkSchema>;

function valuesOf(link: Link): EditLinkValues {
  return {
    title: link.title,
    targetUrl: link.targetUrl,
    lang: link.lang ?? '',
    isDefault: link.isDefault,
    modifiedTitle: link.modifiedTitle.filter((item) => item.languageCode !== 'DEFAULT'),
  };
}

/** Maps the API's field errors (`updatedLink.targetUrl`, `targetUrl`...) onto the form. */
export function fieldOfDetail(path: string): string {
  return path.replace(/^(body\.)?(updatedLink\.)?/, '');
}

interface LinkEditDialogProps {
  link: Link | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** Edits a link's title (and its titles per language), target, language and default flag. */
export function LinkEditDialog({ link, onClose, onSaved }: LinkEditDialogProps) {
  const intl = useIntl();
  const form = useForm<EditLinkValues>({ resolver: zodResolver(editLinkSchema), defaultValues: link ? valuesOf(link) : undefined });
  const { register, handleSubmit, control, reset, formState, setError, watch } = form;
  const titles = useFieldArray({ control, name: 'modifiedTitle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [newLanguage, setNewLanguage] = useState('');

  useEffect(() => {
    if (link) reset(valuesOf(link));
    setFailure(null);
  }, [link, reset]);

  const used = new Set(watch('modifiedTitle')?.map((item) => item.languageCode) ?? []);
  const addable = LINK_LANGUAGES.filter((code) => !used.has(code));

  const submit = handleSubmit(async (values) => {
    if (!link) return;
    setFailure(null);
    const changes: LinkChanges = {
      linkId: link.linkId,
      title: values.title,
      modifiedTitle: values.modifiedTitle.filter((item) => item.inputData !== ''),
      targetUrl: values.targetUrl,
      isDefault: values.isDefault,
    };
    // Omitted, the language stays; cleared, it becomes "any language".
    if (values.lang !== (link.lang ?? '')) changes.lang = values.lang || null;
    try {
      await updateLink(changes);
      await onSaved();
      onClose();
    } catch (cause) {
      setFailure(apiErrorMessage(intl, cause));
      if (isApiError(cause)) {
        for (const detail of cause.details ?? []) {
          const field = fieldOfDetail(detail.path);
          if (field in editLinkSchema.shape) setError(field as FieldPath<EditLinkValues>, { message: detail.message });
        }
      }
    }
  });

  const errors = formState.errors;
  const submitting = formState.isSubmitting;
  return (
    <DialogRoot open={link !== null} onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="link-edit-dialog" aria-busy={submitting} style={{ width: 'min(560px, calc(100vw - 32px))' }}>
          <DialogTitle>
            <FormattedMessage id="links.editTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="links.editDescription" />
          </DialogDescription>
          <form onSubmit={(event) => void submit(event)} noValidate style={{ marginTop: 16 }}>
            <Stack>
              {failure ? (
                <FormAlert role="alert" data-testid="link-edit-error">
                  {failure}
                </FormAlert>
              ) : null}
              <Field>
                <Label htmlFor="link-edit-title">
                  <FormattedMessage id="links.field.title" />
                </Label>
                <Input id="link-edit-title" {...register('title')} aria-invalid={Boolean(errors.title)} />
                {errors.title ? <FieldError role="alert">{formErrorText(intl, errors.title.message)}</FieldError> : null}
              </Field>
              <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
                <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>
                  <FormattedMessage id="links.field.titlesPerLanguage" />
                </legend>
                {titles.fields.map((item, position) => (
                  <div key={item.id} style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'end' }}>
                    <Field>
                      <Label htmlFor={`link-title-${item.languageCode}`}>{languageName(intl.locale, item.languageCode)}</Label>
                      <Input id={`link-title-${item.languageCode}`} {...register(`modifiedTitle.${position}.inputData`)} />
                    </Field>
                    <Button $variant="outline" onClick={() => titles.remove(position)}>
                      <FormattedMessage id="products.images.remove" />
                    </Button>
                  </div>
                ))}
                {addable.length > 0 ? (
                  <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <Select
                      aria-label={intl.formatMessage({ id: 'links.addTitleLanguage' })}
                      value={newLanguage}
                      onChange={(event) => setNewLanguage(event.target.value)}
                      style={{ width: 'auto', minWidth: 180 }}
                      data-testid="link-title-language"
                    >
                      <option value="">{intl.formatMessage({ id: 'links.chooseLanguage' })}</option>
                      {addable.map((code) => (
                        <option key={code} value={code}>
                          {languageName(intl.locale, code)}
                        </option>
                      ))}
                    </Select>
                    <Button
                      $size="sm"
                      $variant="outline"
                      disabled={!newLanguage}
                      onClick={() => {
                        titles.append({ languageCode: newLanguage, inputData: '' });
                        setNewLanguage('');
                      }}
                      data-testid="link-title-add"
                    >
                      <FormattedMessage id="links.addTitleLanguage" />
                    </Button>
                  </div>
                ) : null}
              </fieldset>
              <Field>
                <Label htmlFor="link-edit-target">
                  <FormattedMessage id="links.field.targetUrl" />
                </Label>
                <Input id="link-edit-target" type="url" {...register('targetUrl')} aria-invalid={Boolean(errors.targetUrl)} />
                {errors.targetUrl ? <FieldError role="alert">{formErrorText(intl, errors.targetUrl.message)}</FieldError> : null}
              </Field>
              <Field>
                <Label htmlFor="link-edit-lang">
                  <FormattedMessage id="links.field.language" />
                </Label>
                <Select id="link-edit-lang" {...register('lang')} style={{ height: 44 }}>
                  <option value="">{intl.formatMessage({ id: 'links.anyLanguage' })}</option>
                  {LINK_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {languageName(intl.locale, code)}
                    </option>
                  ))}
                </Select>
              </Field>
              <CheckRow>
                <input type="checkbox" {...register('isDefault')} />
                <FormattedMessage id="links.field.isDefault" />
              </CheckRow>
            </Stack>
            <DialogActions>
              <Button $variant="outline" onClick={onClose} disabled={submitting}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={submitting} data-testid="link-edit-save">
                {submitting ? <Spinner size={16} /> : null}
                <FormattedMessage id="common.save" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
