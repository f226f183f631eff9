import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProductDetail } from '@product-console/shared';
import { GlobeIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/field';
import { Hint } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showSnackbar } from '@/lib/snackbar';
import { setIntendedMarkets } from '@/features/markets/api/set-markets';
import { CountryList, CountryMultiSelect } from '@/components/country-multi-select';

const Body = styled(CardBody)`
  display: grid;
  gap: 12px;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

const Anywhere = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0;
`;

interface IntendedMarketsCardProps {
  product: Pick<ProductDetail, 'productId' | 'intendedMarkets'>;
  canWrite: boolean;
  /** Reads the product again once saved. */
  reload: () => Promise<unknown>;
}

/** The product's intended markets (decision 070): where it is sold; scans elsewhere are diversion signals. */
export function IntendedMarketsCard({ product, canWrite, reload }: IntendedMarketsCardProps) {
  const intl = useIntl();
  const id = useId();
  const [codes, setCodes] = useState<string[]>(product.intendedMarkets);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const saved = product.intendedMarkets.join(',');
  useEffect(() => setCodes(saved === '' ? [] : saved.split(',')), [saved]);
  const dirty = [...codes].sort().join(',') !== saved;

  async function save() {
    setSaving(true);
    setFailure(null);
    try {
      await setIntendedMarkets(product.productId, codes);
      showSnackbar(intl.formatMessage({ id: 'markets.saved' }), 'success');
      await reload();
    } catch (cause) {
      setFailure(apiErrorMessage(intl, cause));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card data-testid="intended-markets">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="markets.title" />
        </CardTitle>
      </CardHeader>
      <Body>
        <Hint>
          <FormattedMessage id="markets.description" />
        </Hint>
        {codes.length === 0 ? (
          <Anywhere data-testid="markets-anywhere">
            <GlobeIcon size={16} />
            <FormattedMessage id="markets.anywhere" />
          </Anywhere>
        ) : null}
        {canWrite ? (
          <CountryMultiSelect id={`${id}-markets`} value={codes} onChange={setCodes} disabled={saving} />
        ) : codes.length > 0 ? (
          <CountryList codes={codes} />
        ) : null}
        {failure ? (
          <FormAlert role="alert" data-testid="markets-failure">
            {failure}
          </FormAlert>
        ) : null}
        {canWrite ? (
          <Actions>
            <Button $size="sm" onClick={() => void save()} disabled={!dirty || saving} data-testid="markets-save">
              {saving ? <Spinner size={14} /> : null}
              <FormattedMessage id="markets.save" />
            </Button>
            {codes.length > 0 ? (
              <Button $size="sm" $variant="ghost" onClick={() => setCodes([])} disabled={saving}>
                <FormattedMessage id="markets.clear" />
              </Button>
            ) : null}
          </Actions>
        ) : null}
      </Body>
    </Card>
  );
}
