import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Company } from '@product-console/shared';
import { AlertIcon, BuildingIcon, ClockIcon, GlobeIcon, MailIcon, PhoneIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { down } from '@/theme/media';

const Body = styled(CardBody)`
  display: grid;
  grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
  gap: 28px;
  ${down('md')} { grid-template-columns: 1fr; }
`;

const Identity = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
`;

const IdentityText = styled.div`
  flex: 1;
`;

const Logo = styled.span`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  flex: none;
  border-radius: 14px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`;

const CompanyName = styled.h3`
  font-size: 20px;
  font-weight: 700;
`;

const ServiceName = styled.p`
  margin-top: 2px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Description = styled.p`
  margin-top: 12px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: pre-line;
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 18px 24px;
  margin: 0;
  ${down('sm')} { grid-template-columns: 1fr; }
`;

const Detail = styled.div`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  min-width: 0;

  svg { flex: none; margin-top: 2px; color: ${({ theme }) => theme.colors.textMuted}; }
  dt { font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 2px 0 0; font-size: 14px; overflow-wrap: anywhere; }
`;

const Prefixes = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 4px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorRow = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.danger};
`;

function DetailItem({ icon, label, children }: { icon: ReactNode; label: ReactNode; children: ReactNode }) {
  return (
    <Detail>
      {icon}
      <div>
        <dt>{label}</dt>
        <dd>{children}</dd>
      </div>
    </Detail>
  );
}

function websiteHref(website: string) {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

interface CompanyInfoCardProps {
  company: Company | undefined;
  error: unknown;
  onRetry: () => void;
}

export function CompanyInfoCard({ company, error, onRetry }: CompanyInfoCardProps) {
  const intl = useIntl();
  const notProvided = <Muted>{intl.formatMessage({ id: 'common.notProvided' })}</Muted>;
  return (
    <Card aria-labelledby="company-info-title" data-testid="company-info">
      <CardHeader>
        <CardTitle id="company-info-title">
          <FormattedMessage id="overview.company.title" />
        </CardTitle>
      </CardHeader>
      {error ? (
        <CardBody>
          <ErrorRow role="alert">
            <AlertIcon />
            <FormattedMessage id="overview.company.error" />
            <Button $variant="outline" $size="sm" onClick={onRetry}>
              <FormattedMessage id="common.retry" />
            </Button>
          </ErrorRow>
        </CardBody>
      ) : !company ? (
        <Body aria-busy="true">
          <Identity>
            <Skeleton $width="56px" $height="56px" />
            <IdentityText>
              <Skeleton $width="60%" $height="20px" />
              <Skeleton $width="30%" $height="12px" $marginTop="8px" />
              <Skeleton $width="90%" $marginTop="16px" />
            </IdentityText>
          </Identity>
          <Details as="div">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} $height="36px" />
            ))}
          </Details>
        </Body>
      ) : (
        <Body>
          <Identity>
            <Logo aria-hidden="true">
              <BuildingIcon size={28} />
            </Logo>
            <div>
              <CompanyName>{company.companyName}</CompanyName>
              <ServiceName>/{company.serviceName}</ServiceName>
              <Description>{company.description || intl.formatMessage({ id: 'overview.company.noDescription' })}</Description>
            </div>
          </Identity>
          <Details>
            <DetailItem icon={<MailIcon size={18} />} label={<FormattedMessage id="overview.company.contactEmail" />}>
              {company.contactEmail ? <a href={`mailto:${company.contactEmail}`}>{company.contactEmail}</a> : notProvided}
            </DetailItem>
            <DetailItem icon={<PhoneIcon size={18} />} label={<FormattedMessage id="overview.company.contactPhone" />}>
              {company.contactPhone || notProvided}
            </DetailItem>
            <DetailItem icon={<ClockIcon size={18} />} label={<FormattedMessage id="overview.company.contactHour" />}>
              {company.contactHour || notProvided}
            </DetailItem>
            <DetailItem icon={<GlobeIcon size={18} />} label={<FormattedMessage id="overview.company.website" />}>
              {company.website ? (
                <a href={websiteHref(company.website)} target="_blank" rel="noopener noreferrer">
                  {company.website}
                </a>
              ) : (
                notProvided
              )}
            </DetailItem>
            <DetailItem icon={<BuildingIcon size={18} />} label={<FormattedMessage id="overview.company.gcps" />}>
              {company.gcps.length ? (
                <Prefixes>
                  {company.gcps.map((gcp) => (
                    <Badge key={gcp} $tone="neutral">
                      {gcp}
                    </Badge>
                  ))}
                </Prefixes>
              ) : (
                notProvided
              )}
            </DetailItem>
          </Details>
        </Body>
      )}
    </Card>
  );
}
