import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { LINK_TYPES, type LinkType } from '@product-console/shared';
import { PageHeader } from '@/components/page-header';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FormAlert, Label, Select } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { showSnackbar } from '@/lib/snackbar';
import { isLinkLimitReached } from '@/features/products/api/check-access';
import { activeLinksKey, useActiveLinks } from '@/features/products/api/get-links';
import { useProduct } from '@/features/products/api/get-product';
import { serialOf, useProductQualifiers } from '@/features/products/api/get-qualifiers';
import { createLink, type CreateLinkBody } from '@/features/products/api/link-mutations';
import { Row, Stack } from '@/features/products/components/form-controls';
import {
  LinkDefaultCheck,
  LinkLanguageField,
  LinkSubmitButton,
  LinkTargetField,
  LinkTitleField,
  linkFieldsShape,
  showApiFieldErrors,
} from '@/features/products/components/link-form-fields';
import { defaultLinkTitle, linkTypeMessageId } from '@/features/products/components/link-model';
import { LoadError, WizardLoading } from '@/features/products/components/wizard-loading';

const newLinkSchema = z.object({
  linkType: z.enum(LINK_TYPES),
  qualifierId: z.string(),
  ...linkFieldsShape,
});
type NewLinkValues = z.infer<typeof newLinkSchema>;

/**
 * /{serviceName}/product-details/{productId}/new-link: checks the link limit first (reached or
 * failed: /maintenance/403), then adds one link to the product or to one of its serials.
 */
export function NewLinkRoute() {
  const navigate = useNavigate();
  const { serviceName = '', productId: productParam = '' } = useParams();
  const productId = Number(productParam) || undefined;
  const [allowed, setAllowed] = useState(false);
  const product = useProduct(productId);
  const qualifiers = useProductQualifiers(allowed ? productId : undefined);
  const links = useActiveLinks(allowed ? productId : undefined);
  const back = `/${encodeURIComponent(serviceName)}/product-details/${productParam}`;

  useEffect(() => {
    if (!productId) return;
    let cancelled = false;
    void isLinkLimitReached(productId).then((reached) => {
      if (cancelled) return;
      if (reached) navigate('/maintenance/403', { replace: true });
      else setAllowed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [productId, navigate]);

  const loadError = product.error ?? qualifiers.error;
  const ready = allowed && product.data && qualifiers.data && (links.data || links.error);
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <PageHeader title={<FormattedMessage id="links.newTitle" />} description={product.data?.product.product_name} />
      {loadError ? (
        <LoadError
          error={loadError}
          onRetry={() => {
            void product.mutate();
            void qualifiers.mutate();
          }}
        />
      ) : !ready || !product.data || !qualifiers.data ? (
        <WizardLoading />
      ) : !product.data.entry ? (
        <Card style={{ padding: 24 }}>
          <p>
            <FormattedMessage id="links.noEntry" />
          </p>
        </Card>
      ) : (
        <NewLinkForm
          productId={product.data.product.productId}
          entry={{ entryId: product.data.entry.entry_id, entryPath: product.data.entry.entryPath }}
          serials={qualifiers.data.result.map((qualifier) => ({ id: qualifier.qualifierId, serial: serialOf(qualifier) }))}
          usedTypes={new Set(links.data?.result.map((link) => link.linkType) ?? [])}
          back={back}
        />
      )}
    </div>
  );
}

interface NewLinkFormProps {
  productId: number;
  entry: { entryId: number; entryPath: string };
  serials: { id: number; serial: string }[];
  /** Link types the product already has, marked in the type list. */
  usedTypes: ReadonlySet<string>;
  back: string;
}

export function NewLinkForm({ productId, entry, serials, usedTypes, back }: NewLinkFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const firstFree = LINK_TYPES.find((type) => !usedTypes.has(type)) ?? LINK_TYPES[0];
  const form = useForm<NewLinkValues>({
    resolver: zodResolver(newLinkSchema),
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
    <Card style={{ padding: 24 }}>
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
              <Select
                id="new-link-type"
                style={{ height: 44 }}
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
              </Select>
            </Field>
            <Field>
              <Label htmlFor="new-link-serial">
                <FormattedMessage id="links.field.serial" />
              </Label>
              <Select id="new-link-serial" style={{ height: 44 }} {...register('qualifierId')} disabled={serials.length === 0} data-testid="new-link-serial">
                <option value="">{intl.formatMessage({ id: serials.length === 0 ? 'qr.noSerials' : 'links.wholeProduct' })}</option>
                {serials.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.serial}
                  </option>
                ))}
              </Select>
            </Field>
          </Row>
          <LinkTargetField id="new-link-target" registration={register('targetUrl')} error={errors.targetUrl?.message} testId="new-link-target" hint />
          <Row>
            <LinkTitleField id="new-link-title" registration={register('title')} error={errors.title?.message} testId="new-link-title" />
            <LinkLanguageField id="new-link-lang" registration={register('lang')} testId="new-link-lang" />
          </Row>
          <LinkDefaultCheck registration={register('isDefault')} testId="new-link-default" />
        </Stack>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, marginTop: 24 }}>
          <ButtonLink to={back} $variant="outline">
            <FormattedMessage id="common.cancel" />
          </ButtonLink>
          <LinkSubmitButton submitting={submitting} testId="new-link-submit">
            <FormattedMessage id="links.create" />
          </LinkSubmitButton>
        </div>
      </form>
    </Card>
  );
}
