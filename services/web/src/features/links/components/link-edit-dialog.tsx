import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import type { Link } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Fieldset, Inline, Legend, Stack } from '@/components/ui/form-controls';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { updateLink, type LinkChanges } from '@/features/links/api/link-mutations';
import { useCompanyRules, useProductRules } from '@/features/links/api/get-redirect-rules';
import { putProductRules } from '@/features/links/api/redirect-rule-mutations';
import { RedirectRulesEditor } from '@/features/links/components/redirect-rules-editor';
import { draftOf, inputOf, sameRules, type RuleDraft } from '@/features/links/components/rule-model';
import {
  LanguageOptions,
  LinkDefaultCheck,
  LinkLanguageField,
  LinkSubmitButton,
  LinkTargetField,
  LinkTitleField,
  linkFieldsShape,
} from '@/features/links/components/link-form-fields';
import { LINK_LANGUAGES, isLinkType, languageName } from '@/features/links/components/link-model';

const editLinkSchema = z.object({
  ...linkFieldsShape,
  modifiedTitle: z.array(z.object({ languageCode: z.string().min(1), inputData: z.string().trim().max(200) })),
});
type EditLinkValues = z.infer<typeof editLinkSchema>;

const Form = styled.form`
  margin-top: 16px;
`;

const TitleRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px;
  align-items: end;
`;

const RulesHint = styled.p`
  margin: 0 0 8px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LanguageSelect = styled(Select)`
  width: auto;
  min-width: 180px;
`;

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

/**
 * Edits a link's title (and its titles per language), target, language and default flag, and the
 * redirect rules of its link type (decision 077); Save stores both.
 */
export function LinkEditDialog({ link, onClose, onSaved }: LinkEditDialogProps) {
  const intl = useIntl();
  const form = useForm<EditLinkValues>({ resolver: formResolver(editLinkSchema), defaultValues: link ? valuesOf(link) : undefined });
  const { register, handleSubmit, control, reset, formState, setError, watch } = form;
  const titles = useFieldArray({ control, name: 'modifiedTitle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [newLanguage, setNewLanguage] = useState('');
  const linkType = link && isLinkType(link.linkType) ? link.linkType : undefined;
  const productRules = useProductRules(link?.productId, linkType);
  const companyRules = useCompanyRules(linkType);
  const [savedRules, setSavedRules] = useState<RuleDraft[] | null>(null);
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const [defaults, setDefaults] = useState<RuleDraft[]>([]);

  useEffect(() => {
    if (link) reset(valuesOf(link));
    setFailure(null);
    setSavedRules(null);
  }, [link, reset]);

  // The stored rules, once per opening: later reloads must not wipe what is being edited.
  const loadedRules = productRules.data?.result;
  useEffect(() => {
    if (!loadedRules || savedRules !== null) return;
    const drafts = loadedRules.map(draftOf);
    setSavedRules(drafts);
    setRules(drafts);
  }, [loadedRules, savedRules]);
  const loadedDefaults = companyRules.data?.result;
  useEffect(() => setDefaults(loadedDefaults ? loadedDefaults.map(draftOf) : []), [loadedDefaults]);

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
      if (linkType && savedRules !== null && !sameRules(rules, savedRules)) {
        await putProductRules(link.productId, linkType, rules.map(inputOf));
        await productRules.mutate();
      }
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
        <DialogContent $width={640} data-testid="link-edit-dialog" aria-busy={submitting}>
          <DialogTitle>
            <FormattedMessage id="links.editTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="links.editDescription" />
          </DialogDescription>
          <Form onSubmit={(event) => void submit(event)} noValidate>
            <Stack>
              {failure ? (
                <FormAlert role="alert" data-testid="link-edit-error">
                  {failure}
                </FormAlert>
              ) : null}
              <LinkTitleField id="link-edit-title" registration={register('title')} error={errors.title?.message} />
              <Fieldset>
                <Legend>
                  <FormattedMessage id="links.field.titlesPerLanguage" />
                </Legend>
                {titles.fields.map((item, position) => (
                  <TitleRow key={item.id}>
                    <Field>
                      <Label htmlFor={`link-title-${item.languageCode}`}>{languageName(intl.locale, item.languageCode)}</Label>
                      <Input id={`link-title-${item.languageCode}`} {...register(`modifiedTitle.${position}.inputData`)} />
                    </Field>
                    <Button $variant="outline" onClick={() => titles.remove(position)}>
                      <FormattedMessage id="products.images.remove" />
                    </Button>
                  </TitleRow>
                ))}
                {addable.length > 0 ? (
                  <Inline>
                    <LanguageSelect
                      aria-label={intl.formatMessage({ id: 'links.addTitleLanguage' })}
                      value={newLanguage}
                      onChange={(event) => setNewLanguage(event.target.value)}
                      data-testid="link-title-language"
                    >
                      <option value="">{intl.formatMessage({ id: 'links.chooseLanguage' })}</option>
                      <LanguageOptions codes={addable} />
                    </LanguageSelect>
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
                  </Inline>
                ) : null}
              </Fieldset>
              <LinkTargetField id="link-edit-target" registration={register('targetUrl')} error={errors.targetUrl?.message} />
              <LinkLanguageField id="link-edit-lang" registration={register('lang')} />
              <LinkDefaultCheck registration={register('isDefault')} />
              {linkType ? (
                <Fieldset>
                  <Legend>
                    <FormattedMessage id="rules.title" />
                  </Legend>
                  <RulesHint>
                    <FormattedMessage id="rules.description" />
                  </RulesHint>
                  {productRules.error ? (
                    <LoadError message={apiErrorMessage(intl, productRules.error)} onRetry={() => void productRules.mutate()} testId="rules-load-error" />
                  ) : savedRules === null ? (
                    <Skeleton $height="44px" />
                  ) : (
                    <RedirectRulesEditor rules={rules} onChange={setRules} companyRules={defaults} linkTarget={watch('targetUrl') || link?.targetUrl || null} disabled={submitting} />
                  )}
                </Fieldset>
              ) : null}
            </Stack>
            <DialogActions>
              <Button $variant="outline" onClick={onClose} disabled={submitting}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <LinkSubmitButton submitting={submitting} testId="link-edit-save">
                <FormattedMessage id="common.save" />
              </LinkSubmitButton>
            </DialogActions>
          </Form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
