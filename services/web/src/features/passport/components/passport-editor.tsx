import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { usePassport, useCertInfo } from '@/features/passport/api/passport-api';
import { AccessLinksSection } from '@/features/passport/components/access-links-section';
import { CertificatesSection } from '@/features/passport/components/certificates-section';
import { PassportForm } from '@/features/passport/components/passport-form';

const Stack = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
`;

/** The edit wizard's passport step: the passport, its certificates and its access links. */
export function PassportEditor({ productId, serviceName }: { productId: number; serviceName: string }) {
  const intl = useIntl();
  const passport = usePassport(productId);
  const certInfo = useCertInfo(productId);
  const error = passport.error ?? certInfo.error;
  if (error) {
    return (
      <FormAlert role="alert">
        {apiErrorMessage(intl, error)}{' '}
        <Button $variant="outline" $size="sm" onClick={() => void Promise.all([passport.mutate(), certInfo.mutate()])}>
          <FormattedMessage id="passport.retry" />
        </Button>
      </FormAlert>
    );
  }
  if (!passport.data || !certInfo.data) return <Spinner />;
  return (
    <Stack data-testid="passport-step">
      <PassportForm productId={productId} passport={passport.data.result} onSaved={() => passport.mutate()} />
      <CertificatesSection
        productId={productId}
        catalogue={certInfo.data.result}
        certificates={certInfo.data.certificates}
        onSaved={() => certInfo.mutate()}
      />
      <AccessLinksSection productId={productId} serviceName={serviceName} />
    </Stack>
  );
}
