import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import type { Link } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { updateLink, type LinkChanges } from '@/features/products/api/link-mutations';
import { Stack } from '@/features/products/components/form-controls';
import {
  LinkDefaultCheck,
  LinkLanguageField,
  LinkSubmitButton,
  LinkTargetField,
  LinkTitleField,
  linkFieldsShape,
  showApiFieldErrors,
} from '@/features/products/components/link-form-fields';
import { LINK_LANGUAGES, languageName } from '@/features/products/components/link-model';

const editLinkSchema = z.object({
  ...linkFieldsShape,
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
      showApiFieldErrors(cause, editLinkSchema.shape, setError);
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
              <LinkTitleField id="link-edit-title" registration={register('title')} error={errors.title?.message} />
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
              <LinkTargetField id="link-edit-target" registration={register('targetUrl')} error={errors.targetUrl?.message} />
              <LinkLanguageField id="link-edit-lang" registration={register('lang')} />
              <LinkDefaultCheck registration={register('isDefault')} />
            </Stack>
            <DialogActions>
              <Button $variant="outline" onClick={onClose} disabled={submitting}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <LinkSubmitButton submitting={submitting} testId="link-edit-save">
                <FormattedMessage id="common.save" />
              </LinkSubmitButton>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
