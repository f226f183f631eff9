import { useState } from 'react';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { Entry, ProductDetail } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckRow, ThumbItem, Thumbs } from '@/components/ui/form-controls';
import { apiErrorMessage } from '@/lib/api-error-message';
import { fileUrl } from '@/lib/files';
import { PROJECTS_KEY } from '@/lib/projects';
import { showSnackbar } from '@/lib/snackbar';
import { productKey } from '@/features/products/api/get-product';
import { PRODUCTS_KEY_PREFIX } from '@/features/products/api/get-products';
import { useCertInfo } from '@/features/products/api/get-reference-data';
import { deleteProduct, setProductNfc } from '@/features/products/api/product-mutations';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: 24px;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: 10px 18px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 13px; }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
`;

const HeaderActions = styled.div`
  display: flex;
  gap: 8px;
`;

const CareImage = styled.img`
  max-width: 160px;
`;

const Mono = styled.code`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 13px;
`;

interface ProductOverviewProps {
  serviceName: string;
  product: ProductDetail;
  entry: Entry | null;
  /** Whether the user may edit, delete and switch NFC; a sub-admin may only read some projects. */
  canWrite: boolean;
  /** Reads the product again, after its NFC flag changed. */
  reload: () => Promise<unknown>;
}

/** The head of a product's page: its name and actions, identity, images and information. */
export function ProductOverview({ serviceName, product, entry, canWrite, reload }: ProductOverviewProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const certifications = useCertInfo(product.productId);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [savingNfc, setSavingNfc] = useState(false);
  const base = `/${encodeURIComponent(serviceName)}`;

  async function toggleNfc(next: 0 | 1) {
    setSavingNfc(true);
    try {
      await setProductNfc(product.productId, next);
      await reload();
      await mutate((key) => typeof key === 'string' && (key.startsWith(PRODUCTS_KEY_PREFIX) || key.startsWith('/bff/api/overview')));
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setSavingNfc(false);
    }
  }

  async function remove(id: number) {
    try {
      await deleteProduct(id);
      await mutate((key) => typeof key === 'string' && (key.startsWith(PRODUCTS_KEY_PREFIX) || key.startsWith('/bff/api/overview') || key === productKey(id)), undefined, {
        revalidate: true,
      });
      await mutate(PROJECTS_KEY);
      showSnackbar(intl.formatMessage({ id: 'products.deleted' }, { count: 1 }), 'success');
      navigate(`${base}/entry-list/${product.project_id}`);
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
      throw cause;
    }
  }

  const category = intl.formatMessage({ id: `products.category.${product.category_id}` as 'products.category.1' });
  return (
    <>
      <PageHeader
        title={<span data-testid="product-detail-name">{product.product_name}</span>}
        description={product.product_number}
        actions={
          canWrite ? (
            <HeaderActions>
              <ButtonLink to={`${base}/product-details/${product.productId}/edit/basic`} $variant="outline" data-testid="product-edit">
                <FormattedMessage id="products.edit" />
              </ButtonLink>
              <Button $variant="danger" onClick={() => setDeleting(product.productId)} data-testid="product-delete">
                <FormattedMessage id="products.delete" />
              </Button>
            </HeaderActions>
          ) : null
        }
      />
      <Grid>
        <Card>
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="products.identity" />
            </CardTitle>
          </CardHeader>
          <CardBody>
            <Facts>
              <dt>
                <FormattedMessage id="products.field.gtin" />
              </dt>
              <dd>
                <Mono data-testid="product-gtin">{product.gtin ?? '—'}</Mono>
              </dd>
              {entry ? (
                <>
                  <dt>
                    <FormattedMessage id="products.entryPath" />
                  </dt>
                  <dd>
                    <Mono>{entry.entryPath}</Mono>
                  </dd>
                  <dt>
                    <FormattedMessage id="products.digitalLink" />
                  </dt>
                  <dd>
                    <a href={entry.digitalLink} target="_blank" rel="noreferrer" data-testid="digital-link">
                      {entry.digitalLink}
                    </a>
                  </dd>
                  <dt>
                    <FormattedMessage id="products.gcp" />
                  </dt>
                  <dd>
                    <Mono>{entry.gcp}</Mono>
                  </dd>
                </>
              ) : null}
              <dt>
                <FormattedMessage id="products.field.project" />
              </dt>
              <dd data-testid="product-project">{product.project_name}</dd>
              <dt>
                <FormattedMessage id="products.field.service" />
              </dt>
              <dd>
                <Badge $tone={product.service === 'DPP' ? 'primary' : 'neutral'}>{product.service}</Badge>
              </dd>
              <dt>
                <FormattedMessage id="products.field.category" />
              </dt>
              <dd>{category}</dd>
              <dt>
                <FormattedMessage id="products.field.nfc" />
              </dt>
              <dd>
                <CheckRow>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={product.isNFC === 1}
                    disabled={savingNfc || !canWrite}
                    aria-checked={product.isNFC === 1}
                    onChange={(event) => void toggleNfc(event.target.checked ? 1 : 0)}
                    data-testid="nfc-toggle"
                  />
                  <FormattedMessage id={product.isNFC === 1 ? 'common.yes' : 'common.no'} />
                </CheckRow>
              </dd>
              <dt>
                <FormattedMessage id="products.column.updated" />
              </dt>
              <dd>
                <FormattedDate value={product.updatedAt} dateStyle="medium" timeStyle="short" />
              </dd>
            </Facts>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="products.field.images" />
            </CardTitle>
          </CardHeader>
          <CardBody>
            {product.image.length === 0 ? (
              <p>
                <FormattedMessage id="products.images.none" />
              </p>
            ) : (
              <Thumbs data-testid="product-detail-images">
                {product.image.map((path, index) => (
                  <ThumbItem key={path}>
                    <a href={fileUrl(path)} target="_blank" rel="noreferrer">
                      <img src={fileUrl(product.thumbnails[index] ?? path)} alt={intl.formatMessage({ id: 'products.images.stored' }, { index: index + 1 })} />
                    </a>
                  </ThumbItem>
                ))}
              </Thumbs>
            )}
          </CardBody>
        </Card>
      </Grid>
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="products.information" />
          </CardTitle>
        </CardHeader>
        <CardBody>
          <Facts>
            <dt>
              <FormattedMessage id="products.field.website" />
            </dt>
            <dd>{product.product_website ? <a href={product.product_website}>{product.product_website}</a> : '—'}</dd>
            <dt>
              <FormattedMessage id="products.field.features" />
            </dt>
            <dd>{product.features || '—'}</dd>
            <dt>
              <FormattedMessage id="products.field.description" />
            </dt>
            <dd>{product.description || '—'}</dd>
            <dt>
              <FormattedMessage id="products.field.details" />
            </dt>
            <dd>{product.details || '—'}</dd>
            {product.category_id === 1 ? (
              <>
                <dt>
                  <FormattedMessage id="products.field.careInfo" />
                </dt>
                <dd>
                  {product.careInfo.image ? <CareImage src={fileUrl(product.careInfo.image)} alt="" /> : product.careInfo.text || '—'}
                </dd>
              </>
            ) : null}
            <dt>
              <FormattedMessage id="products.field.certification" />
            </dt>
            <dd data-testid="product-certifications">{certifications.data?.result.map((item) => item.name).join(', ') || '—'}</dd>
            {product.dynamicInfo.map((item, index) => (
              <Row key={index} label={item.label} value={item.value} />
            ))}
            {product.options.length > 0 ? (
              <>
                <dt>
                  <FormattedMessage id="products.field.options" />
                </dt>
                <dd>{product.options.map((option) => `${option.name}: ${option.value}`).join(', ')}</dd>
              </>
            ) : null}
          </Facts>
        </CardBody>
      </Card>
      <ConfirmDialog payload={deleting} subject={product.product_name} onConfirm={remove} onClose={() => setDeleting(null)} />
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
