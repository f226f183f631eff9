import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { createAccessLinkBodySchema, type AccessLink } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Panel } from '@/features/passport/components/panel';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Fieldset, FormSelect, Hint, Legend } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import type { MessageId } from '@/lib/i18n';
import { CopyableUri } from '@/components/copyable-uri';
import { createAccessLink, revokeAccessLink, useAccessLinks, type CreatedAccessLink } from '@/features/passport/api/passport-api';
import { usePublicOrigin } from '@/lib/company-info';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Item = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 8px 12px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  min-width: 0;
  > strong { overflow-wrap: anywhere; }
`;

const Muted = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: 4px 16px;
`;

interface LinkForm {
  name: string;
  level: 'legitimateInterest' | 'authority';
  expiresInDays: string;
}

/** The address an access link opens: the passport view of the scanned page with the token. */
export const accessLinkUrl = (origin: string, serviceName: string, productId: number, token: string) =>
  `${origin}/${encodeURIComponent(serviceName)}/product-details/${productId}/preview/dpp?access=${encodeURIComponent(token)}`;

/** Access links for the restricted levels: listed with expiry and last use, issued (shown once), revoked. */
export function AccessLinksSection({ productId, serviceName }: { productId: number; serviceName: string }) {
  const intl = useIntl();
  const origin = usePublicOrigin();
  const links = useAccessLinks(productId);
  const [created, setCreated] = useState<CreatedAccessLink | null>(null);
  const [revoking, setRevoking] = useState<AccessLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const schema = z.preprocess(
    (values) => ({ ...(values as LinkForm), productId, expiresInDays: Number((values as LinkForm).expiresInDays) }),
    createAccessLinkBodySchema,
  );
  const form = useForm<LinkForm>({ resolver: formResolver(schema as never), defaultValues: { name: '', level: 'legitimateInterest', expiresInDays: '30' } });
  const errors = form.formState.errors;

  const onCreate = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const link = await createAccessLink({ productId, name: values.name.trim(), level: values.level, expiresInDays: Number(values.expiresInDays) });
      setCreated(link);
      form.reset({ name: '', level: values.level, expiresInDays: values.expiresInDays });
      await links.mutate();
    } catch (cause) {
      if (!showApiFieldErrors(cause, { name: true, level: true, expiresInDays: true }, form.setError)) setProblem(apiErrorMessage(intl, cause));
    }
  });

  const now = new Date().toISOString();
  return (
    <Panel data-testid="passport-access-links">
      <Fieldset>
        <Legend>
          <FormattedMessage id="passport.links.title" />
        </Legend>
        <Hint>
          <FormattedMessage id="passport.links.hint" />
        </Hint>
        {links.error ? (
          <FormAlert role="alert">{apiErrorMessage(intl, links.error)}</FormAlert>
        ) : !links.data ? (
          <Spinner />
        ) : links.data.result.length === 0 ? (
          <Hint data-testid="access-links-empty">
            <FormattedMessage id="passport.links.empty" />
          </Hint>
        ) : (
          <List data-testid="access-links">
            {links.data.result.map((link) => {
              const expired = link.expiresAt < now;
              return (
                <Item key={link.accessLinkId} data-testid="access-link">
                  <strong>{link.name}</strong>
                  <Badge $tone="primary">{intl.formatMessage({ id: `passport.access.${link.level}` as MessageId })}</Badge>
                  {link.revokedAt ? (
                    <Badge $tone="danger">
                      <FormattedMessage id="passport.links.revoked" />
                    </Badge>
                  ) : expired ? (
                    <Badge $tone="warning">
                      <FormattedMessage id="passport.links.expired" />
                    </Badge>
                  ) : null}
                  <Muted>
                    <FormattedMessage id="passport.links.expires" values={{ date: intl.formatDate(link.expiresAt, { dateStyle: 'medium' }) }} />
                  </Muted>
                  <Muted>
                    {link.lastUsedAt ? (
                      <FormattedMessage id="passport.links.lastUsed" values={{ date: intl.formatDate(link.lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' }) }} />
                    ) : (
                      <FormattedMessage id="passport.links.neverUsed" />
                    )}
                  </Muted>
                  {!link.revokedAt ? (
                    <Button $variant="ghost" $size="sm" onClick={() => setRevoking(link)}>
                      <FormattedMessage id="passport.links.revoke" />
                    </Button>
                  ) : null}
                </Item>
              );
            })}
          </List>
        )}
        {created ? (
          <Panel data-testid="access-link-created">
            <Hint role="status">
              <FormattedMessage id="passport.links.shownOnce" values={{ name: created.name }} />
            </Hint>
            <CopyableUri uri={accessLinkUrl(origin, serviceName, productId, created.token)} testId="access-link-url" />
            <Button $variant="outline" $size="sm" onClick={() => setCreated(null)}>
              <FormattedMessage id="passport.links.done" />
            </Button>
          </Panel>
        ) : null}
        <form noValidate onSubmit={(event) => void onCreate(event)} data-testid="access-link-form">
          <Grid>
            <Field>
              <Label htmlFor="access-link-name">{intl.formatMessage({ id: 'passport.links.name' })}</Label>
              <Input id="access-link-name" {...form.register('name')} {...fieldErrorProps('access-link-name', errors.name?.message)} />
              <FieldErrorSlot inputId="access-link-name" error={errors.name?.message} />
            </Field>
            <Field>
              <Label htmlFor="access-link-level">{intl.formatMessage({ id: 'passport.links.level' })}</Label>
              <FormSelect id="access-link-level" {...form.register('level')}>
                <option value="legitimateInterest">{intl.formatMessage({ id: 'passport.access.legitimateInterest' })}</option>
                <option value="authority">{intl.formatMessage({ id: 'passport.access.authority' })}</option>
              </FormSelect>
            </Field>
            <Field>
              <Label htmlFor="access-link-days">{intl.formatMessage({ id: 'passport.links.days' })}</Label>
              <Input id="access-link-days" type="number" min={1} max={365} {...form.register('expiresInDays')} {...fieldErrorProps('access-link-days', errors.expiresInDays?.message)} />
              <FieldErrorSlot inputId="access-link-days" error={errors.expiresInDays?.message} />
            </Field>
          </Grid>
          {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
          <Button type="submit" $variant="primary" disabled={form.formState.isSubmitting} data-testid="access-link-create">
            <FormattedMessage id="passport.links.create" />
          </Button>
        </form>
      </Fieldset>
      <ConfirmDialog
        payload={revoking}
        onConfirm={async (link) => {
          await revokeAccessLink(productId, link.accessLinkId);
          await links.mutate();
        }}
        onClose={() => setRevoking(null)}
        title={<FormattedMessage id="passport.links.revokeTitle" values={{ name: revoking?.name ?? '' }} />}
        description={<FormattedMessage id="passport.links.revokeText" />}
        confirmLabel={<FormattedMessage id="passport.links.revoke" />}
      />
    </Panel>
  );
}
