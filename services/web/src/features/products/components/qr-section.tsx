import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entry, ProductDetail } from '@product-console/shared';
import { CopyIcon, DownloadIcon, NfcIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Label, Select } from '@/components/ui/field';
import { Table, TableScroll } from '@/components/ui/table';
import { showSnackbar } from '@/lib/snackbar';
import { QR_SIZES, printedCentimetres, qrUrl } from '@/features/products/api/get-qr';
import { serialOf, useProductQualifiers } from '@/features/products/api/get-qualifiers';
import { serialPath } from '@/features/products/api/qualifier-mutations';
import { NdefRecord } from '@/features/products/components/ndef-record';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(200px, 280px) minmax(0, 1fr);
  gap: 28px;
  @media (max-width: 767px) { grid-template-columns: 1fr; }
`;

const QrFrame = styled.figure`
  margin: 0;
  display: grid;
  align-content: start;
  gap: 10px;
  img {
    width: 100%;
    aspect-ratio: 1;
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: #fff;
  }
  figcaption { font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

const UriRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 8px 8px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  code {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 13px;
  }
`;

const Download = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 30px;
  padding: 0 10px;
  font-size: 13px;
  font-weight: 600;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  color: inherit;
  text-decoration: none;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A Digital Link URI with a button that copies it. */
export function CopyableUri({ uri, testId }: { uri: string; testId: string }) {
  const intl = useIntl();
  return (
    <UriRow>
      <code data-testid={testId}>{uri}</code>
      <Button
        $size="sm"
        $variant="outline"
        onClick={async () => {
          const copied = await copyText(uri);
          showSnackbar(intl.formatMessage({ id: copied ? 'qr.copied' : 'qr.copyFailed' }), copied ? 'success' : 'error');
        }}
        data-testid={`${testId}-copy`}
      >
        <CopyIcon size={16} />
        <FormattedMessage id="qr.copy" />
      </Button>
    </UriRow>
  );
}

/** The product's QR code, its Digital Link URI, print downloads, and for NFC products the tag record. */
export function QrSection({ product, entry }: { product: ProductDetail; entry: Entry }) {
  const intl = useIntl();
  const qualifiers = useProductQualifiers(product.productId);
  const [serial, setSerial] = useState('');
  const uri = serial ? `${entry.digitalLink}${serialPath(serial)}` : entry.digitalLink;
  const productId = product.productId;
  const serials = qualifiers.data?.result ?? [];

  return (
    <Card data-testid="qr-section" id="qr">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id={product.isNFC === 1 ? 'qr.titleNfc' : 'qr.title'} />
        </CardTitle>
      </CardHeader>
      <CardBody>
        <Layout>
          <QrFrame>
            <img
              src={qrUrl({ productId, format: 'svg', size: 512, serial: serial || undefined })}
              alt={intl.formatMessage({ id: 'qr.imageAlt' }, { name: product.product_name })}
              data-testid="qr-image"
            />
            <figcaption>{serial ? intl.formatMessage({ id: 'qr.forSerial' }, { serial }) : intl.formatMessage({ id: 'qr.forProduct' })}</figcaption>
          </QrFrame>
          <div style={{ display: 'grid', gap: 18, alignContent: 'start', minWidth: 0 }}>
            <Field>
              <Label htmlFor={`qr-serial-${productId}`}>
                <FormattedMessage id="qr.serial" />
              </Label>
              <Select
                id={`qr-serial-${productId}`}
                value={serial}
                onChange={(event) => setSerial(event.target.value)}
                style={{ height: 40, maxWidth: 360 }}
                disabled={serials.length === 0}
                data-testid="qr-serial"
              >
                <option value="">{intl.formatMessage({ id: serials.length === 0 ? 'qr.noSerials' : 'qr.wholeProduct' })}</option>
                {serials.map((qualifier) => (
                  <option key={qualifier.qualifierId} value={serialOf(qualifier)}>
                    {serialOf(qualifier)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field>
              <Label as="span">
                <FormattedMessage id="products.digitalLink" />
              </Label>
              <CopyableUri uri={uri} testId="qr-uri" />
            </Field>
            <div>
              <Label as="span">
                <FormattedMessage id="qr.downloads" />
              </Label>
              <TableScroll>
                <Table data-testid="qr-downloads">
                  <thead>
                    <tr>
                      <th scope="col">
                        <FormattedMessage id="qr.size" />
                      </th>
                      <th scope="col">
                        <FormattedMessage id="qr.printed" />
                      </th>
                      <th scope="col">
                        <FormattedMessage id="qr.files" />
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {QR_SIZES.map((size) => (
                      <tr key={size}>
                        <td>
                          <FormattedMessage id="qr.pixels" values={{ size }} />
                        </td>
                        <td>
                          <FormattedMessage
                            id="qr.printedSize"
                            values={{ cm: intl.formatNumber(printedCentimetres(size), { maximumFractionDigits: 1 }), dpi: 300 }}
                          />
                        </td>
                        <td>
                          <div style={{ display: 'flex', gap: 6 }}>
                            {(['svg', 'png'] as const).map((format) => (
                              <Download
                                key={format}
                                href={qrUrl({ productId, format, size, serial: serial || undefined, download: true })}
                                download
                                aria-label={intl.formatMessage({ id: 'qr.download' }, { format: format.toUpperCase(), size })}
                                data-testid={`qr-download-${format}-${size}`}
                              >
                                <DownloadIcon size={14} />
                                {format.toUpperCase()}
                              </Download>
                            ))}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableScroll>
            </div>
          </div>
        </Layout>
        {product.isNFC === 1 ? (
          <section style={{ marginTop: 28, display: 'grid', gap: 12 }} data-testid="nfc-section" aria-labelledby={`nfc-title-${productId}`}>
            <h3 id={`nfc-title-${productId}`} style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 15 }}>
              <NfcIcon size={18} />
              <FormattedMessage id="nfc.title" />
            </h3>
            <p style={{ fontSize: 14 }}>
              <FormattedMessage id="nfc.description" />
            </p>
            <NdefRecord uri={uri} />
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}
