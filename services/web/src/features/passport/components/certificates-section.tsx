import { useState } from 'react';
import styled from 'styled-components';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { isCertificateValid, putCertificatesBodySchema, type Certification, type CertificateView } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DocumentUpload } from '@/features/passport/components/document-upload';
import { Panel } from '@/features/passport/components/panel';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Fieldset, FormSelect, Hint, Legend } from '@/components/ui/form-controls';
import { apiErrorMessage } from '@/lib/api-error-message';
import { fileUrl } from '@/lib/files';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { saveCertificates } from '@/features/passport/api/passport-api';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  gap: 4px 16px;
`;

const Row = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 8px 12px;
  display: grid;
  gap: 4px;
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

interface CertificateRow {
  certificationId: string;
  number: string;
  issuer: string;
  validFrom: string;
  validUntil: string;
  documentPath: string;
}
interface CertificatesForm {
  certificates: CertificateRow[];
}

const toRow = (cert: CertificateView): CertificateRow => ({
  certificationId: String(cert.certificationId),
  number: cert.number,
  issuer: cert.issuer,
  validFrom: cert.validFrom,
  validUntil: cert.validUntil ?? '',
  documentPath: cert.documentPath ?? '',
});

/** The form's rows as the API takes them (empty dates and documents are null). */
const toBody = (productId: number, values: CertificatesForm) => ({
  productId,
  certificates: values.certificates.map((row) => ({
    certificationId: Number(row.certificationId),
    number: row.number,
    issuer: row.issuer,
    validFrom: row.validFrom,
    validUntil: row.validUntil || null,
    documentPath: row.documentPath || null,
  })),
});

/** Whether a row's dates are over (the console flags it; shoppers never see it as valid). */
export function certificateExpired(row: { validFrom: string; validUntil: string | null }, now = new Date()): boolean {
  return Boolean(row.validFrom) && !isCertificateValid({ validFrom: row.validFrom, validUntil: row.validUntil || null }, now) && Boolean(row.validUntil) && row.validUntil! < now.toISOString().slice(0, 10);
}

function ValidityBadge({ control, index }: { control: Control<CertificatesForm>; index: number }) {
  const row = useWatch({ control, name: `certificates.${index}` });
  if (!row?.validFrom) return null;
  if (certificateExpired(row)) {
    return (
      <Badge $tone="danger" data-testid="certificate-expired">
        <FormattedMessage id="passport.certificates.expired" />
      </Badge>
    );
  }
  const valid = isCertificateValid({ validFrom: row.validFrom, validUntil: row.validUntil || null });
  return (
    <Badge $tone={valid ? 'success' : 'neutral'}>
      <FormattedMessage id={valid ? 'passport.certificates.valid' : 'passport.certificates.notYet'} />
    </Badge>
  );
}

/** The product's certificates: validity badges, add, edit and remove, saved together. */
export function CertificatesSection({
  productId,
  catalogue,
  certificates,
  onSaved,
}: {
  productId: number;
  catalogue: Certification[];
  certificates: CertificateView[];
  onSaved: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const schema = z.preprocess((values) => toBody(productId, values as CertificatesForm), putCertificatesBodySchema);
  const form = useForm<CertificatesForm>({
    resolver: formResolver(schema as never),
    defaultValues: { certificates: certificates.map(toRow) },
  });
  const rows = useFieldArray({ control: form.control, name: 'certificates' });
  const [removing, setRemoving] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const errors = form.formState.errors.certificates;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    setSaved(false);
    try {
      const stored = await saveCertificates(toBody(productId, values));
      form.reset({ certificates: stored.map(toRow) });
      await onSaved();
      setSaved(true);
    } catch (cause) {
      if (!showApiFieldErrors(cause, { certificates: true }, form.setError)) setProblem(apiErrorMessage(intl, cause));
    }
  });

  return (
    <Panel data-testid="passport-certificates">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Fieldset>
          <Legend>
            <FormattedMessage id="passport.certificates.title" />
          </Legend>
          {rows.fields.length === 0 ? (
            <Hint data-testid="certificates-empty">
              <FormattedMessage id="passport.certificates.empty" />
            </Hint>
          ) : null}
          {rows.fields.map((row, index) => {
            const id = (field: string) => `certificate-${index}-${field}`;
            const error = (field: keyof CertificateRow) => errors?.[index]?.[field]?.message;
            const input = (field: 'number' | 'issuer' | 'validFrom' | 'validUntil', type = 'text') => (
              <Field>
                <Label htmlFor={id(field)}>{intl.formatMessage({ id: `passport.certificates.${field}` })}</Label>
                <Input id={id(field)} type={type} {...form.register(`certificates.${index}.${field}`)} {...fieldErrorProps(id(field), error(field))} />
                <FieldErrorSlot inputId={id(field)} error={error(field)} testId={`${id(field)}-error`} />
              </Field>
            );
            return (
              <Row key={row.id} data-testid="certificate-row">
                <Head>
                  <strong>{catalogue.find((item) => String(item.id) === row.certificationId)?.name ?? row.number}</strong>
                  <ValidityBadge control={form.control} index={index} />
                  {row.documentPath ? (
                    <a href={fileUrl(row.documentPath)} target="_blank" rel="noreferrer">
                      <FormattedMessage id="passport.documents.open" />
                    </a>
                  ) : null}
                </Head>
                <Grid>
                  <Field>
                    <Label htmlFor={id('certificationId')}>{intl.formatMessage({ id: 'passport.certificates.certification' })}</Label>
                    <FormSelect id={id('certificationId')} {...form.register(`certificates.${index}.certificationId`)} {...fieldErrorProps(id('certificationId'), error('certificationId'))}>
                      <option value="">{intl.formatMessage({ id: 'passport.choose' })}</option>
                      {catalogue.map((item) => (
                        <option key={item.id} value={String(item.id)}>
                          {item.name}
                        </option>
                      ))}
                    </FormSelect>
                    <FieldErrorSlot inputId={id('certificationId')} error={error('certificationId')} />
                  </Field>
                  {input('number')}
                  {input('issuer')}
                  {input('validFrom', 'date')}
                  {input('validUntil', 'date')}
                </Grid>
                <DocumentUpload
                  productId={productId}
                  label={intl.formatMessage({ id: 'passport.certificates.document' })}
                  testId="certificate-document-upload"
                  onStored={(path) => form.setValue(`certificates.${index}.documentPath`, path, { shouldDirty: true })} />
                <Actions>
                  <Button $variant="ghost" $size="sm" onClick={() => setRemoving(index)}>
                    <FormattedMessage id="passport.list.remove" />
                  </Button>
                </Actions>
              </Row>
            );
          })}
          {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
          {saved ? (
            <Hint role="status">
              <FormattedMessage id="passport.certificates.saved" />
            </Hint>
          ) : null}
          <Actions>
            <Button
              $variant="outline"
              data-testid="certificate-add"
              onClick={() => rows.append({ certificationId: '', number: '', issuer: '', validFrom: '', validUntil: '', documentPath: '' })}
            >
              <FormattedMessage id="passport.certificates.add" />
            </Button>
            <Button type="submit" $variant="primary" data-testid="certificates-save">
              <FormattedMessage id="passport.certificates.save" />
            </Button>
          </Actions>
        </Fieldset>
      </form>
      <ConfirmDialog
        payload={removing}
        onConfirm={async (index) => rows.remove(index)}
        onClose={() => setRemoving(null)}
        subject={removing !== null ? (form.getValues(`certificates.${removing}.number`) || undefined) : undefined}
      />
    </Panel>
  );
}
