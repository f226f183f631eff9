import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { LINK_TYPES, type LinkType } from '@product-console/shared';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FormAlert, Label } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { showSnackbar } from '@/lib/snackbar';
import { activeLinksKey } from '@/features/links/api/get-links';
import { createLink, type CreateLinkBody } from '@/features/links/api/link-mutations';
import { FormSelect, Row, Stack } from '@/components/ui/form-controls';
import {
  LinkDefaultCheck,
  LinkLanguageField,
  LinkSubmitButton,
  LinkTargetField,
  LinkTitleField,
  linkFieldsShape,
} from '@/features/links/components/link-form-fields';
import { defaultLinkTitle, linkTypeMessageId } from '@/features/links/components/link-model';

const newLinkSchema = z.object({
  linkType: z.enum(LINK_TYPES),
  qualifierId: z.string(),
  ...linkFieldsShape,
});
type NewLinkValues = z.infer<typeof newLinkSchema>;

const FormCard = styled(Card)`
  padding: 24px;
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  margin-top: 24px;
`;

interface NewLinkFormProps {
  productId: number;
  entry: { entryId: number; entryPath: string };
  serials: { id: number; serial: string }[];
  /** Link types the product already has, marked in the type list. */
  usedTypes: ReadonlySet<string>;
  back: string;
}

/** Adds one link to the product or to one of its serials. */
export function NewLinkForm({ productId, entry, serials, usedTypes, back }: NewLinkFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const firstFree = LINK_TYPES.find((type) => !usedTypes.has(type)) ?? LINK_TYPES[0];
  const form = useForm<NewLinkValues>({
    resolver: formResolver(newLinkSchema),
    defaultValues: { linkType: firstFree, qualifierId: '', targetUrl: '', title: defaultLinkTitle(firstFree), lang: '', isDefault: false },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setValue, getValues, setError } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const sendOnce = useIdempotentSubmit();
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const body: CreateLinkBody = {
      productId,
      entryId: entry.entryId,
      entryPath: entry.entryPath,
      linkType: values.linkType,
      targetUrl: values.targetUrl,
      title: values.title,
      isDefault: values.isDefault,
    };
    if (values.qualifierId) body.qualifierId = Number(values.qualifierId);
    if (values.lang) body.lang = values.lang;
    try {
      await sendOnce(body, (idempotencyKey) => createLink(body, idempotencyKey));
      await mutate(activeLinksKey(productId));
      showSnackbar(intl.formatMessage({ id: 'links.created' }), 'success');
      navigate(back);
    } catch (cause) {
      setFailure(apiErrorMessage(intl, cause));
      showApiFieldErrors(cause, newLinkSchema.shape, setError);
    }
  });

  const submitting = formState.isSubmitting;
  return (
    <FormCard>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="new-link-form" aria-busy={submitting}>
        <Stack>
          {failure ? (
            <FormAlert role="alert" data-testid="new-link-error">
              {failure}
            </FormAlert>
          ) : null}
          <Row>
            <Field>
              <Label htmlFor="new-link-type">
                <FormattedMessage id="links.field.type" />
              </Label>
              <FormSelect
                id="new-link-type"
                {...register('linkType', {
                  onChange: (event: { target: { value: string } }) => {
                    // The title follows the type until the user writes a title of their own.
                    const title = getValues('title');
                    const isDefaultTitle = title === '' || (LINK_TYPES as readonly string[]).some((type) => defaultLinkTitle(type as LinkType) === title);
                    if (isDefaultTitle) setValue('title', defaultLinkTitle(event.target.value as LinkType), { shouldValidate: true });
                  },
                })}
                data-testid="new-link-type"
              >
                {LINK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {intl.formatMessage({ id: linkTypeMessageId(type) ?? 'links.title' })} ({type})
                    {usedTypes.has(type) ? ` — ${intl.formatMessage({ id: 'links.typeInUse' })}` : ''}
                  </option>
                ))}
              </FormSelect>
            </Field>
            <Field>
              <Label htmlFor="new-link-serial">
                <FormattedMessage id="links.field.serial" />
              </Label>
              <FormSelect id="new-link-serial" {...register('qualifierId')} disabled={serials.length === 0} data-testid="new-link-serial">
                <option value="">{intl.formatMessage({ id: serials.length === 0 ? 'qr.noSerials' : 'links.wholeProduct' })}</option>
                {serials.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.serial}
                  </option>
                ))}
              </FormSelect>
            </Field>
          </Row>
          <LinkTargetField id="new-link-target" registration={register('targetUrl')} error={errors.targetUrl?.message} testId="new-link-target" hint />
          <Row>
            <LinkTitleField id="new-link-title" registration={register('title')} error={errors.title?.message} testId="new-link-title" />
            <LinkLanguageField id="new-link-lang" registration={register('lang')} testId="new-link-lang" />
          </Row>
          <LinkDefaultCheck registration={register('isDefault')} testId="new-link-default" />
        </Stack>
        <Footer>
          <ButtonLink to={back} $variant="outline">
            <FormattedMessage id="common.cancel" />
          </ButtonLink>
          <LinkSubmitButton submitting={submitting} testId="new-link-submit">
            <FormattedMessage id="links.create" />
          </LinkSubmitButton>
        </Footer>
      </form>
    </FormCard>
  );
}
