import { FormattedMessage } from 'react-intl';
import { HomeIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';
import { ButtonLink } from '@/components/ui/button';

/** /maintenance/500 */
export function ServerErrorRoute() {
  return (
    <StatusPage
      code="500"
      title={<FormattedMessage id="maintenance.500.title" />}
      description={<FormattedMessage id="maintenance.500.description" />}
      actions={
        <ButtonLink to="/">
          <HomeIcon size={18} />
          <FormattedMessage id="common.backToHome" />
        </ButtonLink>
      }
    />
  );
}
