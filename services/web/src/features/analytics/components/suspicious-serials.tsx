import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SuspiciousSerial } from '@product-console/shared';
import { AlertIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { useNameOf } from '@/features/analytics/model/dimension-names';

const Flagged = styled(Card)`
  border-color: ${({ theme }) => theme.colors.danger};
`;

const Heading = styled(CardTitle)`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.danger};
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 18px;
`;

const Item = styled.li`
  display: grid;
  gap: 8px;
`;

const Serial = styled.code`
  font-size: 14px;
  font-weight: 600;
`;

const Evidence = styled.table`
  border-collapse: collapse;
  font-size: 13px;
  th, td { padding: 4px 14px 4px 0; text-align: start; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
  caption { text-align: start; font-size: 12px; color: ${({ theme }) => theme.colors.textMuted}; padding-bottom: 4px; }
`;

/**
 * Serialised items that look copied (scanned in several countries within a short time, or far
 * more than their siblings), with the scans that raised the flag: when and where, in the company's zone.
 */
export function SuspiciousSerials({ serials, timeZone }: { serials: SuspiciousSerial[]; timeZone: string }) {
  const intl = useIntl();
  const nameOf = useNameOf(true);
  if (serials.length === 0) return null;
  return (
    <Flagged aria-labelledby="analytics-suspicious-title" data-testid="suspicious-serials" role="region">
      <CardHeader>
        <Heading id="analytics-suspicious-title">
          <AlertIcon size={18} />
          <FormattedMessage id="analytics.suspicious.title" values={{ count: serials.length }} />
        </Heading>
      </CardHeader>
      <CardBody>
        <Items>
          {serials.map((item) => (
            <Item key={`${item.productId}-${item.serial}-${item.reason}`} data-testid="suspicious-serial">
              <div>
                <strong>{item.productName}</strong> · <Serial>{item.serial}</Serial>{' '}
                <Badge $tone="danger">
                  <FormattedMessage id={item.reason === 'countries' ? 'analytics.suspicious.countries' : 'analytics.suspicious.volume'} />
                </Badge>
              </div>
              <Evidence>
                <caption>
                  <FormattedMessage id="analytics.suspicious.evidence" values={{ serial: item.serial }} />
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="analytics.column.time" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="analytics.column.place" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {item.evidence.map((scan, index) => (
                    <tr key={index}>
                      <td>{intl.formatDate(scan.at, { timeZone, dateStyle: 'medium', timeStyle: 'short' })}</td>
                      <td>
                        {scan.region && scan.country
                          ? nameOf('region', `${scan.country}-${scan.region}`)
                          : nameOf('country', scan.country ?? '')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Evidence>
            </Item>
          ))}
        </Items>
      </CardBody>
    </Flagged>
  );
}
