import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { SERIAL_AI, qualifierPathOf, type Entry, type ProductDetail } from '@product-console/shared';
import { DownloadIcon, NfcIcon } from '@/components/icons';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Label, Select } from '@/components/ui/field';
import { Table, TableScroll } from '@/components/ui/table';
import { QR_SIZES, printedCentimetres, qrUrl } from '@/features/qr/api/get-qr';
import { CopyableUri } from '@/components/copyable-uri';
import { NdefRecord } from '@/features/qr/components/ndef-record';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(200px, 280px) minmax(0, 1fr);
  gap: 28px;
  /* minmax(0, …): the downloads table must not widen the column past a phone's screen. */
  @media (max-width: 767px) { grid-template-columns: minmax(0, 1fr); }
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

const Controls = styled.div`
  display: grid;
  /* One column no wider than the section, whatever the downloads table would like. */
  grid-template-columns: minmax(0, 1fr);
  gap: 18px;
  align-content: start;
  min-width: 0;
`;

const SerialSelect = styled(Select)`
  height: 40px;
  max-width: 360px;
`;

const Formats = styled.div`
  display: flex;
  gap: 6px;
`;

const NfcBlock = styled.section`
  margin-top: 28px;
  display: grid;
  gap: 12px;
`;

const NfcTitle = styled.h3`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 15px;
`;

const NfcText = styled.p`
  font-size: 14px;
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

interface QrSectionProps {
  product: ProductDetail;
  entry: Entry;
  /** The product's serials (AI 21), each of which has a QR code of its own; empty while unknown. */
  serials: readonly string[];
}

/** The product's QR code, its Digital Link URI, print downloads, and for NFC products the tag record. */
export function QrSection({ product, entry, serials }: QrSectionProps) {
  const intl = useIntl();
  const [serial, setSerial] = useState('');
  // Percent-encoded like any Digital Link value, so that `/` or `%` in a serial cannot break the URI.
  const uri = serial ? `${entry.digitalLink}${qualifierPathOf(SERIAL_AI, serial)}` : entry.digitalLink;
  const productId = product.productId;

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
          <Controls>
            <Field>
              <Label htmlFor={`qr-serial-${productId}`}>
                <FormattedMessage id="qr.serial" />
              </Label>
              <SerialSelect
                id={`qr-serial-${productId}`}
                value={serial}
                onChange={(event) => setSerial(event.target.value)}
                disabled={serials.length === 0}
                data-testid="qr-serial"
              >
                <option value="">{intl.formatMessage({ id: serials.length === 0 ? 'qr.noSerials' : 'qr.wholeProduct' })}</option>
                {serials.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </SerialSelect>
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
                <Table data-testid="qr-downloads" $cards={false}>
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
                          <Formats>
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
                          </Formats>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableScroll>
            </div>
          </Controls>
        </Layout>
        {product.isNFC === 1 ? (
          <NfcBlock data-testid="nfc-section" aria-labelledby={`nfc-title-${productId}`}>
            <NfcTitle id={`nfc-title-${productId}`}>
              <NfcIcon size={18} />
              <FormattedMessage id="nfc.title" />
            </NfcTitle>
            <NfcText>
              <FormattedMessage id="nfc.description" />
            </NfcText>
            <NdefRecord uri={uri} />
          </NfcBlock>
        ) : null}
      </CardBody>
    </Card>
  );
}
